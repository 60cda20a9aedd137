// PUT /api/pages/order — the owner's menu order and "Vis i menuen" for all pages at once (issue 14).
// Mounted before /api/pages so `order` is never read as a page id. Scoped to c.var.company; the
// change commits with its "publish wanted" record (commitChange), so the site's menu follows.
import { Hono } from 'hono';
import { setMenuOrder } from '../../db';
import { MESSAGES } from '../../rules/messages';
import type { OwnerEnv } from '../env';
import { orFail } from '../errors';
import { requireJson } from '../middleware/origin-check';
import { jsonBody } from '../schemas/json-body';
import { pageOrderSchema } from '../schemas/page-order';
import { commitChange } from '../services/commit-change';

export const pageOrder = new Hono<OwnerEnv>();

// PUT /api/pages/order – { pages: [{ id, showInMenu }] } naming each page once; the homepage stays first
pageOrder.put('/', requireJson, jsonBody(pageOrderSchema), async (c) => {
  const { cvr } = c.var.company;
  const { pages } = c.req.valid('json');
  const ordered = await orFail(c, MESSAGES.pageOrderFailed, () =>
    commitChange(c.var, cvr, (trx) => setMenuOrder(trx, cvr, pages)),
  );
  return c.json(ordered);
});
