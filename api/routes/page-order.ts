// PUT /api/pages/order — the owner's menu order and "Vis i menuen" for all pages at once (issue 14).
// Mounted before /api/pages so `order` is never read as a page id. Scoped to c.get('company'); the
// change commits with its "publish wanted" record (commitChange), so the site's menu follows.
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { pageOrderSchema } from '../../contracts/page-order';
import { pageSchema } from '../../contracts/pages';
import { setMenuOrder } from '../../db';
import { MESSAGES } from '../../rules/messages';
import type { OwnerEnv } from '../env';
import { orFail } from '../errors';
import { answer, JSON_BODY, jsonBody, refusals, routeGroup } from '../openapi';
import { valueOrRefuse } from '../refusals';
import { toPageJson } from '../responses';
import { commitChange } from '../services/commit-change';

const order = createRoute({
  method: 'put',
  path: '/',
  tags: ['pages'],
  summary: 'Menu order and "Vis i menuen" of every page at once; the homepage stays first; publishes',
  middleware: JSON_BODY,
  request: jsonBody(pageOrderSchema),
  responses: {
    200: answer(z.array(pageSchema), 'The pages in their new order'),
    ...refusals('invalid_input', 'conflict', 'internal'),
  },
});

export function createPageOrderRoutes(): OpenAPIHono<OwnerEnv> {
  const pageOrder = routeGroup<OwnerEnv>();

  pageOrder.openapi(order, async (c) => {
    const { cvr } = c.get('company');
    const { pages } = c.req.valid('json');
    const ordered = await orFail(c, MESSAGES.pageOrderFailed, () =>
      commitChange(c.var, cvr, async (trx) =>
        valueOrRefuse(await setMenuOrder(trx, cvr, pages), {
          'stale-order': ['conflict', MESSAGES.pageOrderStale],
        }),
      ),
    );
    return c.json(ordered.map(toPageJson), 200);
  });

  return pageOrder;
}
