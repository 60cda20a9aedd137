// The bench's client process (client-process.ts): started by startClientProcess with the TypeScript
// loader, it runs the jobs the bench sends until the bench disconnects.
import { serveClientJobs } from './client-process';

serveClientJobs();
