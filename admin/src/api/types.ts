// The shapes the API answers with, from the client-safe contracts (contracts/): the same schemas the
// routes answer through, so a change there is a type error here, and no database type reaches the
// browser.
export type { SessionInfo } from '../../../contracts/auth';
export type { CompanyJson as Company } from '../../../contracts/company';
export type { PageJson as Page } from '../../../contracts/pages';
