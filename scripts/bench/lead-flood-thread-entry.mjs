// Worker threads start without the parent's TypeScript loader (tsx) on Node 20: register it here,
// then load the flood client, which runs its loop when it finds itself on a worker thread.
import { register } from 'tsx/esm/api';

register();
await import('./lead-flood-client.ts');
