// Puts the front handler on a Node HTTP server: one process by default, or `workers` processes
// sharing the port through node:cluster, which is how a static server uses more than one core.
import cluster, { type Address, type Worker } from 'node:cluster';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFrontHandler, type FrontHandlerOptions } from './front-handler';

const RESTART_DELAY_MS = 1000;

export interface FrontServerOptions extends FrontHandlerOptions {
  /** Default `config.port`; 0 picks a free port. */
  port?: number;
  /** Interface to listen on; default all. */
  host?: string;
  /**
   * Processes serving requests. Above 1, the primary forks that many workers (each re-runs the
   * entry script and so calls startFrontServer itself) and serves nothing; see server/README.md.
   */
  workers?: number;
}

export interface RunningFrontServer {
  port: number;
  close(): Promise<void>;
}

export function startFrontServer(options: FrontServerOptions): Promise<RunningFrontServer> {
  const workers = options.workers ?? 1;
  if (workers > 1 && cluster.isPrimary) return forkWebProcesses(workers, options.logger);
  return listen(options);
}

function listen(options: FrontServerOptions): Promise<RunningFrontServer> {
  const handler = createFrontHandler(options);
  const server = createServer(handler);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? options.config.port, options.host, () => {
      server.off('error', reject);
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            // Idle keep-alive connections would hold close() open for their whole timeout.
            server.closeIdleConnections();
          }).then(() => handler.close?.()),
      });
    });
  });
}

/**
 * The primary's side: fork `count` copies of the entry script (each calls startFrontServer itself),
 * report the shared port once every one listens, replace crashed ones. `npm start` calls it directly
 * (scripts/start.ts), so its primary can publish while the copies serve.
 */
export function forkWebProcesses(
  count: number,
  logger: FrontServerOptions['logger'],
  /** The script each copy runs on plain Node (without the primary's loader flags); default: the
   *  primary's own entry script, with its flags. */
  entry?: string,
): Promise<RunningFrontServer> {
  if (entry !== undefined) cluster.setupPrimary({ exec: entry, execArgv: [] });
  let started = false;
  let closing = false;
  return new Promise((resolve, reject) => {
    let listening = 0;
    const onListening = (_worker: Worker, address: Address) => {
      listening += 1;
      if (started || listening < count) return;
      started = true;
      resolve({ port: address.port, close });
    };
    const onExit = (worker: Worker, code: number | null, signal: string | null) => {
      if (closing) return;
      if (!started) {
        // A worker that cannot even start (port taken, bad configuration) would fail forever.
        void close().then(() =>
          reject(new Error(`front server worker exited with ${signal ?? code} on start`)),
        );
        return;
      }
      if (code === 0 || signal === 'SIGTERM' || signal === 'SIGINT') {
        // Someone stopped a serving copy on purpose (it exits 0 on SIGTERM; a crash or the OOM
        // killer ends it otherwise): the product stops as a whole, as it does when its primary or
        // launcher gets the signal.
        logger.info({ pid: worker.process.pid, signal }, 'front server: a worker was stopped, stopping');
        process.kill(process.pid, 'SIGTERM');
        return;
      }
      logger.error({ pid: worker.process.pid, code, signal }, 'front server: worker died, starting another');
      setTimeout(() => closing || cluster.fork(), RESTART_DELAY_MS).unref();
    };
    cluster.on('listening', onListening);
    cluster.on('exit', onExit);
    for (let index = 0; index < count; index++) cluster.fork();

    async function close(): Promise<void> {
      closing = true;
      cluster.off('listening', onListening);
      cluster.off('exit', onExit);
      const alive = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
      await Promise.all(
        alive.map(
          (worker) =>
            new Promise<void>((done) => {
              if (worker.isDead()) return done();
              worker.once('exit', () => done());
              worker.kill('SIGTERM');
            }),
        ),
      );
    }
  });
}
