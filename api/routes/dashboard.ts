// GET /api/dashboard (issue 14 item 1): the owner's figures at a glance — visitors per day for 30
// days from the cookieless per-company counters (site_page_views, counted by the front server), taps
// on the site's "Ring" button (analytics_daily 'call_tap', issue 51),
// this week against last, the most visited pages with their names, images used of 15, the trial, and
// the site's addresses. Reads only the owner's own company: every query is keyed by its CVR.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { dashboardSchema } from '../../contracts/dashboard';
import { countImages, getPublishState, listPages, listSitePageViews, sumAnalyticsCount } from '../../db';
import { copenhagenDay } from '../../rules/ai-limit';
import { MAX_IMAGES } from '../../rules/images';
import { pathSiteUrl, subdomainOrigin } from '../../rules/site-url';
import { siteClosesAt, siteState, trialDaysLeft } from '../../rules/trial';
import { STATS_DAYS, shiftDay, visitorStats } from '../../rules/visitor-stats';
import { isOperator } from '../auth/operator-access';
import type { OwnerEnv } from '../env';
import { answer, routeGroup } from '../openapi';

const read = createRoute({
  method: 'get',
  path: '/',
  tags: ['dashboard'],
  summary: 'Visitors per day (30 days), this week against last, top pages, images, trial and addresses',
  responses: { 200: answer(dashboardSchema, 'The figures') },
});

export function createDashboardRoutes(): OpenAPIHono<OwnerEnv> {
  const dashboard = routeGroup<OwnerEnv>();

  dashboard.openapi(read, async (c) => {
    const { db, company, config, user } = c.var;
    const now = c.get('now')();
    const today = copenhagenDay(now);
    const from = shiftDay(today, -(STATS_DAYS - 1));
    const [views, pages, images, publish, calls] = await Promise.all([
      listSitePageViews(db, company.cvr, from, today),
      listPages(db, company.cvr),
      countImages(db, company.cvr),
      getPublishState(db, company.cvr),
      sumAnalyticsCount(db, 'call_tap', company.cvr, from, today),
    ]);
    const stats = visitorStats(views, today);
    const names = new Map<string, string>();
    for (const page of pages) names.set(page.type === 'homepage' ? '/' : `/${page.slug}`, page.pageName);
    const end = new Date(company.plan.trialEndDate);
    const addresses = [
      ...(company.customDomain ? [`https://${company.customDomain}/`] : []),
      `${subdomainOrigin(company.subdomain, config.publicHost)}/`,
      pathSiteUrl(company.cvr, config.publicHost),
    ];
    return c.json(
      {
        visitors: {
          ...stats,
          topPages: stats.topPages.map((page) => ({ ...page, name: names.get(page.path) ?? null })),
        },
        calls: { total: calls },
        images: { used: images, limit: MAX_IMAGES },
        trial: {
          state: siteState(company.plan, now),
          daysLeft: trialDaysLeft(end, now),
          trialEndDate: company.plan.trialEndDate,
          closesAt: siteClosesAt(end).toISOString(),
        },
        addresses,
        // Why it failed stays in the log and the operator view; the owner learns that it did.
        publishing: {
          failing:
            publish !== undefined &&
            publish.lastError !== null &&
            publish.publishedVersion < publish.wantedVersion,
        },
        operator: isOperator(config, user),
      },
      200,
    );
  });

  return dashboard;
}
