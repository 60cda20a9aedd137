// What a customer checks before calling (issue 42), mounted at /api/trust behind the tenant
// middleware: every call reads and writes c.get('company') only.
//   GET  /api/trust          – the saved settings and what the company's trade is offered
//   PUT  /api/trust          – save them (publishes); the authorisation's check survives an unchanged number
//   POST /api/trust/preview  – the homepage with the settings draft, rendered; stores nothing
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { previewSchema } from '../../contracts/preview';
import { trustSchema, trustSettingsSchema } from '../../contracts/trust';
import { getTrustSettings, saveTrustSettings, type TrustSettings, type TrustSettingsInput } from '../../db';
import { siteTrust } from '../../generator/trust-model';
import { AppError } from '../../lib/errors';
import { MESSAGES, TRUST_MESSAGES } from '../../rules/messages';
import { municipality } from '../../rules/municipalities';
import type { OwnerEnv } from '../env';
import { orFail } from '../errors';
import { answer, JSON_BODY, jsonBody, refusals, routeGroup } from '../openapi';
import { toTrustJson } from '../responses';
import { commitChange } from '../services/commit-change';
import { settingsDraftSite } from '../services/preview';
import { countPreview, previewOf } from './preview';

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

const preview = createRoute({
  method: 'post',
  path: '/preview',
  tags: ['trust'],
  summary: "Render the homepage with a draft of these settings (the save's body); stores nothing",
  middleware: JSON_BODY,
  request: jsonBody(trustSettingsSchema),
  responses: {
    200: answer(previewSchema, 'The homepage with the draft, rendered'),
    ...refusals('invalid_input', 'not_found', 'rate_limited', 'internal'),
  },
});

type TrustBody = ReturnType<typeof trustSettingsSchema.parse>;

/** The body as the repository takes it; a municipality code the official list lacks is refused. */
function toInput(body: TrustBody): TrustSettingsInput {
  if (body.area.mode === 'municipalities' && body.area.codes.some((code) => municipality(code) === null)) {
    throw new AppError('invalid_input', TRUST_MESSAGES.municipalityUnknown);
  }
  return {
    authorisation: body.authorisation,
    schemes: body.schemes,
    deductionShown: body.deductionShown,
    area: body.area,
    emergency: body.emergency,
  };
}

/** The draft as the stored settings would read after the save (the check kept for an unchanged number). */
function draftSettings(stored: TrustSettings, input: TrustSettingsInput, now: Date): TrustSettings {
  const before = stored.authorisation;
  const after = input.authorisation;
  const same =
    before !== null && after !== null && before.type === after.type && before.number === after.number;
  return {
    authorisation:
      after === null
        ? null
        : {
            ...after,
            enteredAt: same ? before.enteredAt : now.toISOString(),
            checkedAt: same ? before.checkedAt : null,
          },
    schemes: [...input.schemes],
    schemesConfirmedAt: input.schemes.length > 0 ? now.toISOString() : null,
    deductionShown: input.deductionShown,
    area: input.area,
    emergency: input.emergency,
  };
}

export function createTrustRoutes(): OpenAPIHono<OwnerEnv> {
  const trust = routeGroup<OwnerEnv>();

  trust.openapi(read, async (c) => {
    const { db, company } = c.var;
    return c.json(toTrustJson(company, await getTrustSettings(db, company.cvr), c.get('now')()), 200);
  });

  trust.openapi(save, async (c) => {
    const { company } = c.var;
    const input = toInput(c.req.valid('json'));
    const now = c.get('now')();
    // The settings show on every page: they and "publish wanted" commit together.
    const saved = await commitChange(c.var, company.cvr, (trx) =>
      saveTrustSettings(trx, company.cvr, input, now),
    );
    return c.json(toTrustJson(company, saved, now), 200);
  });

  trust.openapi(preview, async (c) => {
    const { db, config, company } = c.var;
    const input = toInput(c.req.valid('json'));
    await countPreview(c);
    const now = c.get('now')();
    const draft = draftSettings(await getTrustSettings(db, company.cvr), input, now);
    const { site, homepageId } = await settingsDraftSite(db, company, config.publicHost);
    const html = await orFail(
      c,
      MESSAGES.previewFailed,
      () => c.get('previews').renderer.render({ ...site, trust: siteTrust(company, draft, now) }, homepageId),
      'preview failed',
    );
    return c.json(previewOf(c, html), 200);
  });

  return trust;
}
