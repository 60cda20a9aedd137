// Worker threads start without the parent's TypeScript loader (tsx) on Node 20: register it here,
// then load the checkpointer itself (the server bundle starts dist/server/wal-checkpointer.mjs).
import { register } from 'tsx/esm/api';

register();
await import('./wal-checkpointer.ts');
