// The data layer's public face: open a database, migrate it, and the repositories of every table.
export * from './database';
export * from './lead-form-token';
export * from './migrate';
export * from './outcome';
export * from './review-token';

export * from './tables/account-tokens';
export * from './tables/ai-usage';
export * from './tables/analytics';
export * from './tables/companies';
export * from './tables/contact-messages';
export * from './tables/counters';
export * from './tables/cvr-cache';
export * from './tables/deleted-pages';
export * from './tables/images';
export * from './tables/lead-spam-summaries';
export * from './tables/leads';
export * from './tables/limit-counts';
export * from './tables/orders';
export * from './tables/page-revisions';
export * from './tables/pages';
export * from './tables/publish-state';
export * from './tables/reviews';
export * from './tables/sessions';
export * from './tables/trust-settings';
export * from './tables/users';
export * from './tables/welcome-mails';
