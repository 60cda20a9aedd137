// /api/operator/claims (issue 48 item 4): what the operator has checked of the companies' claims, and
// the guarantee schemes and associations still to check. A claim reaches the site's JSON-LD (what a
// search engine reads as fact) only once checked here: the authorisation's number in Sikkerhedsstyrelsens
// register (marked in routes/operator.ts, taken back here), a scheme on the scheme's own member list.
// Each mark and each take-back changes the site and publishes it. Operators only: anyone else gets the
// 404 of an unknown path (auth/operator-access.ts).
//   GET  /api/operator/claims                                  – checked claims and schemes to check
//   POST /api/operator/claims/authorisations/{cvr}/unchecked  – take back an authorisation's check
//   POST /api/operator/claims/schemes/{cvr}/{scheme}/checked   – a scheme checked
//   POST /api/operator/claims/schemes/{cvr}/{scheme}/unchecked – take back a scheme's check
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { authorisationCheckSchema, operatorClaimsSchema } from '../../contracts/operator';
import {
  listCheckedAuthorisations,
  listCheckedSchemes,
  listSchemesToCheck,
  type SchemeClaims,
  setSchemeChecked,
  unmarkAuthorisationChecked,
} from '../../db';
import { AppError } from '../../lib/errors';
import { AUTHORISATIONS, authorisationRegisterLink } from '../../rules/authorisations';
import { guaranteeScheme } from '../../rules/guarantee-schemes';
import { TRUST_MESSAGES } from '../../rules/trust-messages';
import { requireOperator } from '../auth/operator-access';
import type { OwnerEnv } from '../env';
import { answer, JSON_BODY, jsonBody, refusals, routeGroup } from '../openapi';
import { commitChange, Unchanged } from '../services/commit-change';

const claims = createRoute({
  method: 'get',
  path: '/',
  tags: ['operator'],
  summary:
    'Operators only: checked authorisations and schemes (newest first), and the claimed schemes no operator has checked yet (oldest first)',
  middleware: requireOperator,
  responses: { 200: answer(operatorClaimsSchema, 'The claims') },
});

const uncheckAuthorisation = createRoute({
  method: 'post',
  path: '/authorisations/{cvr}/unchecked',
  tags: ['operator'],
  summary:
    "Operators only: take back the check of the company's authorisation; its site says it is the company's own word again (publishes)",
  middleware: [requireOperator, ...JSON_BODY],
  request: { params: z.object({ cvr: z.string() }), ...jsonBody(authorisationCheckSchema) },
  responses: {
    200: answer(z.object({ checked: z.boolean(), message: z.string() }), 'Taken back'),
    ...refusals('invalid_input', 'conflict'),
  },
});

const schemeParams = z.object({ cvr: z.string(), scheme: z.string() });

const checkScheme = createRoute({
  method: 'post',
  path: '/schemes/{cvr}/{scheme}/checked',
  tags: ['operator'],
  summary:
    "Operators only: the company is a member of the scheme; the site's structured data names the membership (publishes)",
  middleware: requireOperator,
  request: { params: schemeParams },
  responses: {
    200: answer(z.object({ checked: z.boolean(), message: z.string() }), 'Marked'),
    ...refusals('conflict'),
  },
});

const uncheckScheme = createRoute({
  method: 'post',
  path: '/schemes/{cvr}/{scheme}/unchecked',
  tags: ['operator'],
  summary: "Operators only: take back the check of a scheme; the site's structured data drops it (publishes)",
  middleware: requireOperator,
  request: { params: schemeParams },
  responses: {
    200: answer(z.object({ checked: z.boolean(), message: z.string() }), 'Taken back'),
    ...refusals('conflict'),
  },
});

/** One row per scheme, named as the scheme names itself; ids no longer in the list are left out. */
function perScheme(rows: SchemeClaims[]) {
  return rows.flatMap((row) =>
    row.schemes.flatMap((id) => {
      const scheme = guaranteeScheme(id);
      return scheme ? [{ cvr: row.cvr, companyName: row.companyName, at: row.at, scheme }] : [];
    }),
  );
}

/** Marks or takes back one scheme's check with "publish wanted"; 409 when the company no longer
 *  claims it (or it already is so). */
async function schemeCheck(vars: OwnerEnv['Variables'], cvr: string, scheme: string, checked: boolean) {
  const done = await commitChange(vars, cvr, async (trx) =>
    (await setSchemeChecked(trx, cvr, scheme, checked, vars.now())) ? true : new Unchanged(false),
  );
  if (!done) throw new AppError('conflict', TRUST_MESSAGES.schemeCheckStale);
  vars.logger.info({ cvr, scheme, checked, operator: vars.user.id }, 'scheme check set by the operator');
}

export function createOperatorClaimRoutes(): OpenAPIHono<OwnerEnv> {
  const routes = routeGroup<OwnerEnv>();

  routes.openapi(claims, async (c) => {
    const db = c.get('db');
    const [authorisations, due, checked] = await Promise.all([
      listCheckedAuthorisations(db),
      listSchemesToCheck(db),
      listCheckedSchemes(db),
    ]);
    return c.json(
      {
        checkedAuthorisations: authorisations.map((row) => ({
          cvr: row.cvr,
          companyName: row.companyName,
          type: row.type,
          title: AUTHORISATIONS[row.type].title,
          number: row.number,
          checkedAt: row.checkedAt,
          registerUrl: authorisationRegisterLink(row.cvr),
        })),
        schemesToCheck: perScheme(due).map(({ cvr, companyName, at, scheme }) => ({
          cvr,
          companyName,
          scheme: scheme.id,
          name: scheme.name,
          url: scheme.url,
          since: at,
        })),
        checkedSchemes: perScheme(checked).map(({ cvr, companyName, at, scheme }) => ({
          cvr,
          companyName,
          scheme: scheme.id,
          name: scheme.name,
          url: scheme.url,
          checkedAt: at,
        })),
      },
      200,
    );
  });

  routes.openapi(uncheckAuthorisation, async (c) => {
    const { cvr } = c.req.valid('param');
    const found = c.req.valid('json');
    const done = await commitChange(c.var, cvr, async (trx) =>
      (await unmarkAuthorisationChecked(trx, cvr, found)) ? true : new Unchanged(false),
    );
    if (!done) throw new AppError('conflict', TRUST_MESSAGES.checkStale);
    c.var.logger.info({ cvr, operator: c.var.user.id }, 'authorisation check taken back by the operator');
    return c.json({ checked: false, message: TRUST_MESSAGES.unchecked }, 200);
  });

  routes.openapi(checkScheme, async (c) => {
    const { cvr, scheme } = c.req.valid('param');
    await schemeCheck(c.var, cvr, scheme, true);
    return c.json({ checked: true, message: TRUST_MESSAGES.schemeChecked }, 200);
  });

  routes.openapi(uncheckScheme, async (c) => {
    const { cvr, scheme } = c.req.valid('param');
    await schemeCheck(c.var, cvr, scheme, false);
    return c.json({ checked: false, message: TRUST_MESSAGES.unchecked }, 200);
  });

  return routes;
}
