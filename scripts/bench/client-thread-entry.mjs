// Worker threads start without the parent's TypeScript loader (tsx) on Node 20: register it here,
// then load the bench's client thread itself.
import { register } from 'tsx/esm/api';

register();
await import('./client-thread.ts');
