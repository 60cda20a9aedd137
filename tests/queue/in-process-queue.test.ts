// The shared queue semantics on the in-process implementation (no Redis).
import { runQueueSuite } from './queue-suite';

runQueueSuite('in-process');
