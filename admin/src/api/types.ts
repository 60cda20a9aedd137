// The shapes the API answers with, taken from the server's own types (type-only imports: nothing of
// the server is bundled), so a change there is a type error here.
export type { SessionInfo } from '../../../api/schemas/auth';
export type { Company } from '../../../db/tables/companies';

export type { Page } from '../../../db/tables/pages';
