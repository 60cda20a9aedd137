// A process that only publishes (npm start's primary beside its serving copies, `npm run worker`)
// lowers the priority of everything in it that works for the renders (issue 44). The render threads
// are at nice 19 by themselves (generator/render-thread.ts), but V8 runs their garbage collection and
// their optimizing compiler on the process's shared platform threads, and their file work on libuv's
// pool, and on Linux a nice value belongs to a thread: those stayed at 0. Measured with the noisy
// bench's site edits (every page of a 300-page site rendered twice a second), the primary's helper
// threads took 230-820 ms of CPU per 6-second round at normal priority beside 2.0-3.4 s on the render
// threads: a sixth to a quarter of a whole-site render competed with the serving copies as an equal.
//
// The main thread keeps its priority: it forks the serving copies (a child inherits the nice value
// of the thread that forks it, and a copy could not raise its own back), and it hands out the jobs.
// Threads started later by the main thread inherit its 0; render threads lower themselves.
import { readdirSync } from 'node:fs';
import os from 'node:os';

/** The nice value of a publishing process's helper threads: the lowest priority. */
const HELPER_THREAD_NICE = 19;

/** Lowers every thread of this process but the main one to HELPER_THREAD_NICE; answers how many.
 *  Linux only (/proc/self/task); elsewhere, or where not permitted, it changes nothing. */
export function lowerHelperThreads(): number {
  let lowered = 0;
  let threads: string[];
  try {
    threads = readdirSync('/proc/self/task');
  } catch {
    return 0;
  }
  for (const tid of threads.map(Number)) {
    if (tid === process.pid) continue;
    try {
      // A thread's nice value only goes up here: one already lower (a render thread) stays.
      if (os.getPriority(tid) < HELPER_THREAD_NICE) {
        os.setPriority(tid, HELPER_THREAD_NICE);
        lowered += 1;
      }
    } catch {
      // Gone meanwhile, or not permitted: it keeps its priority.
    }
  }
  return lowered;
}
