// Trade knowledge for the site writers: the profiles (data), how a company's profile is found, and
// the short form of a company name used in running text.
export * from './bookable';
export * from './find-trade';
export * from './profiles';
export * from './short-name';
export type * from './types';
