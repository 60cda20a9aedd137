// The database as Kysely sees it: table names (camelCase; CamelCasePlugin maps to snake_case) to
// their row interfaces, each defined beside its repository in tables/.

import type { AccountTokensTable } from './tables/account-tokens';
import type { AiUsageTable } from './tables/ai-usage';
import type { AnalyticsDailyTable, AnalyticsEventsTable, SitePageViewsTable } from './tables/analytics';
import type { CompaniesTable } from './tables/companies';
import type { ContactMessagesTable } from './tables/contact-messages';
import type { CountersTable } from './tables/counters';
import type { CvrCacheTable } from './tables/cvr-cache';
import type { DeletedPagesTable } from './tables/deleted-pages';
import type { ImagesTable } from './tables/images';
import type { JobsTable } from './tables/jobs';
import type { LeadSpamSummariesTable } from './tables/lead-spam-summaries';
import type { LeadFormKeyTable, LeadSettingsTable, LeadsTable, LeadTokensSpentTable } from './tables/leads';
import type { LimitCountsTable } from './tables/limit-counts';
import type { OrdersTable } from './tables/orders';
import type { PageAddressesTable } from './tables/page-addresses';
import type { PageRevisionsTable } from './tables/page-revisions';
import type { PagesTable } from './tables/pages';
import type { PublishStateTable } from './tables/publish-state';
import type { ReviewRequestsTable, ReviewSettingsTable, ReviewsTable } from './tables/reviews';
import type { SessionsTable } from './tables/sessions';
import type { TrustSettingsTable } from './tables/trust-settings';
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
  cvrCache: CvrCacheTable;
  analyticsDaily: AnalyticsDailyTable;
  analyticsEvents: AnalyticsEventsTable;
  counters: CountersTable;
  pageRevisions: PageRevisionsTable;
  pageAddresses: PageAddressesTable;
  deletedPages: DeletedPagesTable;
  accountTokens: AccountTokensTable;
  sitePageViews: SitePageViewsTable;
  orders: OrdersTable;
  leads: LeadsTable;
  leadSettings: LeadSettingsTable;
  leadTokensSpent: LeadTokensSpentTable;
  leadFormKey: LeadFormKeyTable;
  trustSettings: TrustSettingsTable;
  leadSpamSummaries: LeadSpamSummariesTable;
  reviewSettings: ReviewSettingsTable;
  reviewRequests: ReviewRequestsTable;
  reviews: ReviewsTable;
  jobs: JobsTable;
  limitCounts: LimitCountsTable;
}
