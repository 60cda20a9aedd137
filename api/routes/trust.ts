// What a customer checks before calling (issue 42), mounted at /api/trust behind the tenant
// middleware: every call reads and writes c.get('company') only.
//   GET  /api/trust          – the saved settings and what the company's trade is offered
//   PUT  /api/trust          – save them (publishes); the authorisation's check survives an unchanged number
//   (POST /api/trust/preview, the live preview, is in routes/preview.ts with the other previews)
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { trustSchema, trustSettingsSchema } from '../../contracts/trust';
import { getTrustSettings, saveTrustSettings } from '../../db';
import type { OwnerEnv } from '../env';
import { answer, JSON_BODY, jsonBody, refusals, routeGroup } from '../openapi';
import { toTrustJson } from '../responses';
import { commitChange } from '../services/commit-change';
import { toInput } from '../services/trust-settings';

const read = createRoute({
  method: 'get',
  path: '/',
  tags: ['trust'],
  summary: "The company's authorisation, guarantee schemes, deduction block, area and døgnvagt",
  responses: { 200: answer(trustSchema, 'The settings and what the trade is offered') },
});

const save = createRoute({
  method: 'put',
  path: '/',
  tags: ['trust'],
  summary: 'Save the authorisation, guarantee schemes, deduction block, area and døgnvagt; publishes',
  middleware: JSON_BODY,
  request: jsonBody(trustSettingsSchema),
  responses: {
    200: answer(trustSchema, 'The saved settings'),
    ...refusals('invalid_input', 'rate_limited'),
  },
});

export function createTrustRoutes(): OpenAPIHono<OwnerEnv> {
  const trust = routeGroup<OwnerEnv>();

  trust.openapi(read, async (c) => {
    const { db, company } = c.var;
    return c.json(toTrustJson(company, await getTrustSettings(db, company.cvr), c.get('now')()), 200);
  });

  trust.openapi(save, async (c) => {
    const { company } = c.var;
    const input = toInput(c.req.valid('json'), company);
    const now = c.get('now')();
    // The settings show on every page: they and "publish wanted" commit together.
    const saved = await commitChange(c.var, company.cvr, (trx) =>
      saveTrustSettings(trx, company.cvr, input, now),
    );
    return c.json(toTrustJson(company, saved, now), 200);
  });

  return trust;
}
