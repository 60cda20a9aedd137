// Page history and undo (issue 14), mounted under /api/pages by pages.ts: a page's revisions and
// restoring one (a new save that publishes), and the "Slettede sider" list with its restore. Every
// query is scoped to c.get('company')'s CVR; each restore commits with its publish record.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { deletedPageSchema, pageRevisionSchema, pageSchema } from '../../contracts/pages';
import { findPage, listDeletedPages, listPageRevisions, purgeDeletedPages } from '../../db';
import { AppError } from '../../lib/errors';
import { MESSAGES } from '../../rules/messages';
import type { OwnerEnv } from '../env';
import { orFail } from '../errors';
import { answer, refusals, routeGroup } from '../openapi';
import { toDeletedPageJson, toPageJson, toRevisionJson } from '../responses';
import { commitChange } from '../services/commit-change';
import { restoreDeletedPage, restoreRevision, undoHorizon } from '../services/pages';

const idParams = z.object({ id: z.string() });

const deleted = createRoute({
  method: 'get',
  path: '/deleted',
  tags: ['pages'],
  summary: '"Slettede sider": pages deleted in the last 30 days, newest first',
  responses: { 200: answer(z.array(deletedPageSchema), 'The deleted pages'), ...refusals('internal') },
});

const restoreDeleted = createRoute({
  method: 'post',
  path: '/deleted/{id}/restore',
  tags: ['pages'],
  summary: 'Bring a deleted page back with its content (a unique slug); publishes',
  request: { params: idParams },
  responses: { 201: answer(pageSchema, 'The page, back'), ...refusals('limit_reached', 'internal') },
});

const revisions = createRoute({
  method: 'get',
  path: '/{id}/revisions',
  tags: ['pages'],
  summary: "The page's revisions, newest first (at most 20)",
  request: { params: idParams },
  responses: { 200: answer(z.array(pageRevisionSchema), 'The revisions'), ...refusals('internal') },
});

const restoreVersion = createRoute({
  method: 'post',
  path: '/{id}/revisions/{revisionId}/restore',
  tags: ['pages'],
  summary: 'Save an earlier version of the page again; publishes',
  request: { params: z.object({ id: z.string(), revisionId: z.string() }) },
  responses: { 200: answer(pageSchema, 'The page as restored'), ...refusals('rate_limited', 'internal') },
});

export function createPageHistoryRoutes(): OpenAPIHono<OwnerEnv> {
  const pageHistory = routeGroup<OwnerEnv>();

  pageHistory.openapi(deleted, async (c) => {
    const { cvr } = c.get('company');
    const horizon = undoHorizon(c.get('now')());
    const list = await orFail(c, MESSAGES.historyLoadFailed, async () => {
      await purgeDeletedPages(c.get('db'), cvr, horizon);
      return listDeletedPages(c.get('db'), cvr, horizon);
    });
    return c.json(list.map(toDeletedPageJson), 200);
  });

  pageHistory.openapi(restoreDeleted, async (c) => {
    const { cvr } = c.get('company');
    const page = await orFail(c, MESSAGES.deletedPageRestoreFailed, () =>
      commitChange(c.var, cvr, (trx) => restoreDeletedPage(trx, cvr, c.req.param('id'), c.get('now')())),
    );
    return c.json(toPageJson(page), 201);
  });

  pageHistory.openapi(revisions, async (c) => {
    const { cvr } = c.get('company');
    const id = c.req.param('id');
    const list = await orFail(c, MESSAGES.historyLoadFailed, async () => {
      if (!(await findPage(c.get('db'), cvr, id))) throw new AppError('not_found', MESSAGES.notFound);
      return listPageRevisions(c.get('db'), cvr, id);
    });
    return c.json(list.map(toRevisionJson), 200);
  });

  pageHistory.openapi(restoreVersion, async (c) => {
    const { cvr } = c.get('company');
    const page = await orFail(c, MESSAGES.revisionRestoreFailed, () =>
      commitChange(c.var, cvr, (trx) =>
        restoreRevision(trx, cvr, c.req.param('id'), c.req.param('revisionId'), c.get('now')()),
      ),
    );
    return c.json(toPageJson(page), 200);
  });

  return pageHistory;
}
