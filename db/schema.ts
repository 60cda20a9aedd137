// The database as Kysely sees it: table names (camelCase; CamelCasePlugin maps to snake_case) to
// their row interfaces, each defined beside its repository in tables/.
import type { AiUsageTable } from './tables/ai-usage';
import type { AnalyticsDailyTable, AnalyticsEventsTable } from './tables/analytics';
import type { CompaniesTable } from './tables/companies';
import type { ContactMessagesTable } from './tables/contact-messages';
import type { CountersTable } from './tables/counters';
import type { ImagesTable } from './tables/images';
import type { PagesTable } from './tables/pages';
import type { PublishStateTable } from './tables/publish-state';
import type { SessionsTable } from './tables/sessions';
import type { UsersTable } from './tables/users';

export interface Database {
  companies: CompaniesTable;
  pages: PagesTable;
  images: ImagesTable;
  users: UsersTable;
  sessions: SessionsTable;
  aiUsage: AiUsageTable;
  publishState: PublishStateTable;
  contactMessages: ContactMessagesTable;
  cvrCache: import('./tables/cvr-cache').CvrCacheTable;
  analyticsDaily: AnalyticsDailyTable;
  analyticsEvents: AnalyticsEventsTable;
  counters: CountersTable;
  pageRevisions: import('./tables/page-revisions').PageRevisionsTable;
  deletedPages: import('./tables/deleted-pages').DeletedPagesTable;
  saveRate: import('./tables/save-rate').SaveRateTable;
  accountTokens: import('./tables/account-tokens').AccountTokensTable;
  sitePageViews: import('./tables/analytics').SitePageViewsTable;
  orders: import('./tables/orders').OrdersTable;
}
