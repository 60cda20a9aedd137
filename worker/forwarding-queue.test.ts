// A web process's queue forwards each request to its primary with its lane (owners first there too).
import { describe, expect, it } from 'vitest';
import type { Db } from '../db';
import { createForwardingQueue, isPublishMessage, type PublishMessage } from './forwarding-queue';

describe('forwarding queue', () => {
  it("sends the request's lane, 'owner' unless told", async () => {
    const sent: PublishMessage[] = [];
    const queue = createForwardingQueue({} as Db, (message) => sent.push(message));
    await queue.enqueue('12345678');
    await queue.enqueue('12345678', 'bulk');
    expect(sent).toEqual([
      { type: 'mesterside:publish', cvr: '12345678', lane: 'owner' },
      { type: 'mesterside:publish', cvr: '12345678', lane: 'bulk' },
    ]);
    expect(sent.every(isPublishMessage)).toBe(true);
  });

  it('takes a message without a lane, and no other lane', () => {
    expect(isPublishMessage({ type: 'mesterside:publish', cvr: '12345678' })).toBe(true);
    expect(isPublishMessage({ type: 'mesterside:publish', cvr: '12345678', lane: 'first' })).toBe(false);
  });
});
