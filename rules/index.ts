// The one entry point to the product rules, for code that prefers a single import.
export * from './ai-limit';
export * from './cvr';
export * from './domain';
export * from './fold';
export * from './hours';
export * from './images';
export * from './messages';
export * from './meta';
export * from './page-content';
export * from './pages';
export * from './request-target';
export * from './site-url';
export * from './slug';
export * from './social';
export * from './subdomain';
export * from './themes';
export * from './trial';
