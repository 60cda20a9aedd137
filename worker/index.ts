// The publish queue's public face: pick BullMQ or in-process by configuration, same semantics either way.
export { PUBLISH_JOB_NAME, publishJobOptions, QUEUE_PREFIX } from './bullmq-queue';
export { createForwardingQueue, isPublishMessage } from './forwarding-queue';
export {
  createPublishQueue,
  type PublishQueue,
  type PublishQueueOptions,
  QUEUE_DEFAULTS,
  type RenderOutcome,
  type RenderSite,
} from './publish-queue';
