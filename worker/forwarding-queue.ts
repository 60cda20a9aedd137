// The publish queue of a web process forked by `npm start` when there is no Redis: the in-process
// queue lives in the primary process, so every enqueue is a message to it over node:cluster's IPC
// channel. The need to publish is already in the database (commitChange), so a message lost to a
// primary restarting is published by the primary's recovery sweep.
import { type Db, markPublishWanted } from '../db';
import type { PublishLane, PublishQueue } from './publish-queue';

/** The message a web process sends its primary; the primary enqueues the company in its queue, in
 *  the message's lane ('owner' when it names none). */
export interface PublishMessage {
  type: 'mesterside:publish';
  cvr: string;
  lane?: PublishLane;
}

export function isPublishMessage(message: unknown): message is PublishMessage {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as PublishMessage).type === 'mesterside:publish' &&
    typeof (message as PublishMessage).cvr === 'string' &&
    [undefined, 'owner', 'bulk'].includes((message as PublishMessage).lane)
  );
}

export function createForwardingQueue(
  db: Db,
  send: (message: PublishMessage) => void = (message) => process.send?.(message),
): PublishQueue {
  const forward = async (cvr: string, lane: PublishLane = 'owner') => {
    // Never throws (the PublishQueue contract): a closed channel means the primary is going away.
    try {
      send({ type: 'mesterside:publish', cvr, lane });
    } catch {}
  };
  return {
    requestPublish: async (cvr, lane) => {
      await markPublishWanted(db, cvr);
      await forward(cvr, lane);
    },
    enqueue: forward,
    // The primary owns the queue: it recovers, renders and knows when it is idle.
    recover: async () => 0,
    idle: async () => {},
    reachable: () => process.connected !== false,
    close: async () => {},
  };
}
