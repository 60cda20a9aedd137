// The large-body flood of issue 39 against a visitor of another site: `lead_flood_visitor_p95_ratio`.
// One company's quote form gets 40 connections from one address, each posting a 31 MB body with a
// forged token and posting again as soon as it is answered (scripts/bench/lead-flood-client.ts, in a
// client process at the lowest priority: the attacker's CPU is not the server's); meanwhile a
// visitor of another company's site (wrk, scripts/bench/visitor.lua, as the noisy-neighbour bench)
// clicks around. The ratio is the visitor's p95 during the flood over its p95 without it, medians of
// alternating rounds. Before issue 39 every one of those bodies was read whole into memory first, and
// the visitor's p95 went from 5.8 ms to 1,538 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrateToLatest, openDatabase } from '../../db';
import { loadConfig } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { startProductStack } from '../../server';
import { startClientProcess } from './client-process';
import { createFixtureCompanies } from './fixtures';
import { leadFlood } from './lead-flood-client';
import { type Visit, visit } from './noisy';
import { median } from './stats';

export interface LeadFloodFigures {
  quietP95Ms: number;
  floodP95Ms: number;
  ratio: number;
  /** The flood's posts answered during the flooded rounds, by status. */
  flood: string;
}

export async function benchLeadFlood(options: {
  seconds: number;
  rounds: number;
}): Promise<LeadFloodFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-lead-flood-'));
  const config = loadConfig({ STORAGE_DIR: dir, LOG_LEVEL: 'warn', PORT: '0' });
  const logger = createLogger(config);
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db);
    // bench0: the visitor's site; bench1: the flooded form.
    const [, flooded] = await createFixtureCompanies(db, 2);
    if (!flooded) throw new Error('no fixture company to flood');
    const stack = await startProductStack({ config, db, logger, port: 0, recoverEveryMs: 0 });
    const attacker = await startClientProcess({ nice: 19 }).catch(async (error: unknown) => {
      await stack.close();
      throw error;
    });
    try {
      await stack.queue.recover();
      await stack.queue.idle();
      const port = stack.server.port;
      const url = `http://127.0.0.1:${port}/om-os`;
      await visit(url, 1);
      const quiet: Visit[] = [];
      const flood: Visit[] = [];
      const statuses: Record<string, number> = {};
      for (let round = 0; round < options.rounds; round++) {
        quiet.push(await visit(url, options.seconds));
        const running = attacker.start(leadFlood, {
          target: { port, host: `localhost:${port}`, cvr: flooded },
          connections: 40,
          bodyBytes: 31_000_000,
        });
        try {
          flood.push(await visit(url, options.seconds));
        } finally {
          const counts = await running.stop();
          for (const [status, count] of Object.entries(counts.statuses)) {
            statuses[status] = (statuses[status] ?? 0) + count;
          }
        }
      }
      const quietP95 = median(quiet.map((v) => v.p95Ms));
      const floodP95 = median(flood.map((v) => v.p95Ms));
      return {
        quietP95Ms: quietP95,
        floodP95Ms: floodP95,
        ratio: Math.round((floodP95 / quietP95) * 100) / 100,
        flood: Object.entries(statuses)
          .map(([status, count]) => `${count}× ${status}`)
          .join(', '),
      };
    } finally {
      await attacker.close();
      await stack.close();
    }
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}
