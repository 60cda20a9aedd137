// Puts the Hono app on a Node HTTP server and closes it cleanly.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import type { AppEnv } from './env';

export interface RunningServer {
  port: number;
  close: () => Promise<void>;
}

export function listen(app: Hono<AppEnv>, port: number): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port }, (info: AddressInfo) => {
      resolve({
        port: info.port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            // Idle keep-alive connections would hold close() open for their whole timeout.
            if ('closeIdleConnections' in server) server.closeIdleConnections();
          }),
      });
    });
    server.once('error', reject);
  });
}
