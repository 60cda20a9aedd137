// /api/pages — the owner's pages: list, create, save, delete (SPEC §2 Pages editor, §4). Every query is
// scoped to c.var.company's CVR, so another company's page id finds nothing (404). Each change commits
// with its "publish wanted" record (commitChange) and, for a save, a revision (api/services/pages.ts).
import { Hono } from 'hono';
import { listPages } from '../../db';
import { MESSAGES } from '../../rules/messages';
import type { OwnerEnv } from '../env';
import { orFail } from '../errors';
import { requireJson } from '../middleware/origin-check';
import { jsonBody } from '../schemas/json-body';
import { pageCreateSchema, pageUpdateSchema } from '../schemas/pages';
import { commitChange } from '../services/commit-change';
import { createPage, removePage, savePage } from '../services/pages';
import { pageHistory } from './page-history';

export const pages = new Hono<OwnerEnv>();

// GET /api/pages – the company's pages in navigation order (createdAt)
pages.get('/', async (c) => c.json(await listPages(c.var.db, c.var.company.cvr)));

// POST /api/pages – create a page ('Ny side', slug ny-side, type page, layout text unless named)
pages.post('/', requireJson, jsonBody(pageCreateSchema), async (c) => {
  const { cvr } = c.var.company;
  const page = await orFail(c, MESSAGES.pageCreateFailed, () =>
    commitChange(c.var, cvr, (trx) => createPage(trx, cvr, c.req.valid('json'), c.var.now())),
  );
  return c.json(page, 201);
});

// PUT /api/pages/:id – save a page; a new page name recomputes its slug
pages.put('/:id', requireJson, jsonBody(pageUpdateSchema), async (c) => {
  const { cvr } = c.var.company;
  const page = await orFail(c, MESSAGES.saveFailed, () =>
    commitChange(c.var, cvr, (trx) =>
      savePage(trx, cvr, c.req.param('id'), c.req.valid('json'), c.var.now()),
    ),
  );
  return c.json(page);
});

// DELETE /api/pages/:id – delete a page (restorable for 30 days); the homepage cannot be deleted
pages.delete('/:id', async (c) => {
  const { cvr } = c.var.company;
  await orFail(c, MESSAGES.pageDeleteFailed, () =>
    commitChange(c.var, cvr, (trx) => removePage(trx, cvr, c.req.param('id'), c.var.now())),
  );
  return c.body(null, 204);
});

// History and undo: /:id/revisions, /deleted (api/routes/page-history.ts).
pages.route('/', pageHistory);
