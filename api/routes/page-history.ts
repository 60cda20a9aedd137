// Page history and undo (issue 14), mounted under /api/pages by pages.ts: a page's revisions and
// restoring one (a new save that publishes), and the "Slettede sider" list with its restore. Every
// query is scoped to c.var.company's CVR; each restore commits with its publish record.
import { Hono } from 'hono';
import {
  findPage,
  listDeletedPages,
  listPageRevisions,
  type PageRevision,
  purgeDeletedPages,
} from '../../db';
import { AppError } from '../../lib/errors';
import { MESSAGES } from '../../rules/messages';
import { deletedPageExpiry } from '../../rules/page-history';
import type { OwnerEnv } from '../env';
import { orFail } from '../errors';
import { commitChange } from '../services/commit-change';
import { restoreDeletedPage, restoreRevision, undoHorizon } from '../services/pages';

/** One revision as the editor lists it: when, what changed, and enough to recognise it. */
export interface PageRevisionJson {
  id: string;
  version: number;
  summary: string;
  createdAt: string;
  title: string;
  /** The first 160 characters of the text. */
  preview: string;
}

/** One page in "Slettede sider". */
export interface DeletedPageJson {
  id: string;
  pageName: string;
  title: string;
  deletedAt: string;
  /** The last moment it can be restored. */
  restorableUntil: string;
}

const PREVIEW_LENGTH = 160;

export const pageHistory = new Hono<OwnerEnv>();

// GET /api/pages/deleted – pages deleted in the last 30 days, newest first
pageHistory.get('/deleted', async (c) => {
  const { cvr } = c.var.company;
  const horizon = undoHorizon(c.var.now());
  const list = await orFail(c, MESSAGES.historyLoadFailed, async () => {
    await purgeDeletedPages(c.var.db, cvr, horizon);
    return listDeletedPages(c.var.db, cvr, horizon);
  });
  const body: DeletedPageJson[] = list.map(({ id, pageName, title, deletedAt }) => ({
    id,
    pageName,
    title,
    deletedAt,
    restorableUntil: deletedPageExpiry(deletedAt),
  }));
  return c.json(body);
});

// POST /api/pages/deleted/:id/restore – bring a deleted page back (201 with the page)
pageHistory.post('/deleted/:id/restore', async (c) => {
  const { cvr } = c.var.company;
  const page = await orFail(c, MESSAGES.deletedPageRestoreFailed, () =>
    commitChange(c.var, cvr, (trx) => restoreDeletedPage(trx, cvr, c.req.param('id'), c.var.now())),
  );
  return c.json(page, 201);
});

// GET /api/pages/:id/revisions – the page's revisions, newest first (at most 20)
pageHistory.get('/:id/revisions', async (c) => {
  const { cvr } = c.var.company;
  const id = c.req.param('id');
  const revisions = await orFail(c, MESSAGES.historyLoadFailed, async () => {
    if (!(await findPage(c.var.db, cvr, id))) throw new AppError('not_found', MESSAGES.notFound);
    return listPageRevisions(c.var.db, cvr, id);
  });
  return c.json(revisions.map(toRevisionJson));
});

// POST /api/pages/:id/revisions/:revisionId/restore – save that version again (and publish it)
pageHistory.post('/:id/revisions/:revisionId/restore', async (c) => {
  const { cvr } = c.var.company;
  const page = await orFail(c, MESSAGES.revisionRestoreFailed, () =>
    commitChange(c.var, cvr, (trx) =>
      restoreRevision(trx, cvr, c.req.param('id'), c.req.param('revisionId'), c.var.now()),
    ),
  );
  return c.json(page);
});

function toRevisionJson(revision: PageRevision): PageRevisionJson {
  const { id, version, summary, createdAt, snapshot } = revision;
  const preview = (snapshot.content ?? '').replace(/\s+/g, ' ').trim().slice(0, PREVIEW_LENGTH);
  return { id, version, summary, createdAt, title: snapshot.title ?? '', preview };
}
