// /api/pages — the owner's pages: list, create, save, delete (the spec's Screens Pages editor, States). Every query is
// scoped to c.get('company')'s CVR, so another company's page id finds nothing (404). Each change commits
// with its "publish wanted" record (commitChange) and, for a save, a revision (api/services/pages.ts).
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { pageCreateSchema, pageSchema, pageUpdateSchema } from '../../contracts/pages';
import { listPages } from '../../db';
import { MESSAGES } from '../../rules/messages';
import type { OwnerEnv } from '../env';
import { orFail } from '../errors';
import { answer, JSON_BODY, jsonBody, refusals, routeGroup } from '../openapi';
import { toPageJson } from '../responses';
import { commitChange } from '../services/commit-change';
import { createPage, removePage, savePage } from '../services/pages';

/** `{id}` in a path: a page's id. */
const pageIdParams = z.object({ id: z.string() });

const list = createRoute({
  method: 'get',
  path: '/',
  tags: ['pages'],
  summary: "The company's pages, in menu order (the owner's order; new pages last)",
  responses: { 200: answer(z.array(pageSchema), 'The pages') },
});

const create = createRoute({
  method: 'post',
  path: '/',
  tags: ['pages'],
  summary: "Create a page ('Ny side', layout text unless named); publishes",
  middleware: JSON_BODY,
  request: jsonBody(pageCreateSchema),
  responses: {
    201: answer(pageSchema, 'The new page'),
    ...refusals('invalid_input', 'limit_reached', 'rate_limited', 'internal'),
  },
});

const save = createRoute({
  method: 'put',
  path: '/{id}',
  tags: ['pages'],
  summary: 'Save a page; a new slug moves it, its old address redirecting (301) to the new one; publishes',
  middleware: JSON_BODY,
  request: { params: pageIdParams, ...jsonBody(pageUpdateSchema) },
  responses: {
    200: answer(pageSchema, 'The saved page'),
    ...refusals('invalid_input', 'conflict', 'rate_limited', 'internal'),
  },
});

const remove = createRoute({
  method: 'delete',
  path: '/{id}',
  tags: ['pages'],
  summary: 'Delete a page (never the homepage; restorable for 30 days); publishes',
  request: { params: pageIdParams },
  responses: { 204: { description: 'Deleted' }, ...refusals('forbidden', 'internal') },
});

export function createPageRoutes(): OpenAPIHono<OwnerEnv> {
  const pages = routeGroup<OwnerEnv>();

  pages.openapi(list, async (c) =>
    c.json((await listPages(c.get('db'), c.get('company').cvr)).map(toPageJson), 200),
  );
  pages.openapi(create, async (c) => {
    const { cvr } = c.get('company');
    const page = await orFail(c, MESSAGES.pageCreateFailed, () =>
      commitChange(c.var, cvr, (trx) => createPage(trx, cvr, c.req.valid('json'), c.get('now')())),
    );
    return c.json(toPageJson(page), 201);
  });

  pages.openapi(save, async (c) => {
    const { cvr } = c.get('company');
    const page = await orFail(c, MESSAGES.saveFailed, () =>
      commitChange(c.var, cvr, (trx) =>
        savePage(trx, cvr, c.req.param('id'), c.req.valid('json'), c.get('now')()),
      ),
    );
    return c.json(toPageJson(page), 200);
  });

  pages.openapi(remove, async (c) => {
    const { cvr } = c.get('company');
    await orFail(c, MESSAGES.pageDeleteFailed, () =>
      commitChange(c.var, cvr, (trx) => removePage(trx, cvr, c.req.param('id'), c.get('now')())),
    );
    return c.body(null, 204);
  });

  return pages;
}
