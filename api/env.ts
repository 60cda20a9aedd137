// The typed context every handler sees: dependencies are set once per request by createApp, the
// signed-in user by the session middleware, and the owner's company by the tenant middleware.
import type { Company, CompanyRow, Db, Session, User } from '../db';
import type { Config } from '../lib/config';
import type { Logger } from '../lib/logger';
import type { AnswerCheck } from './answer-check';
import type { LimitStore, RateLimiter } from './middleware/rate-limit';
import type { PreviewRenderer } from './services/preview';

export interface AppDeps {
  db: Db;
  config: Config;
  logger: Logger;
  /** The publish queue's enqueue(): called by commitChange (api/services/) after a change and its
   *  "publish wanted" record committed together. Never throws. */
  enqueuePublish: (cvr: string) => Promise<void>;
  /** The clock. Tests inject one (the AI limit across Copenhagen midnight, the trial banner). */
  now: () => Date;
  /** Saves per company per minute (rules/limits.ts); only the save benchmark lifts it. */
  maxSavesPerMinute?: number;
  /** Where rate limits count: this process's memory, or Redis shared by every process. */
  limits: LimitStore;
  /** What an answer with keys outside its schema gets (api/answer-check.ts): 'refuse' (a 500; the
   *  default, so every test fails on it) or 'strip' (sent without them and logged; production). */
  answerCheck: AnswerCheck;
  /** Sends the mail outbox's due mails soon (an owner's ask for a review, issue 41); the outbox's own
   *  timer sends them anyway. Never throws. */
  nudgeMail: () => void;
  /** The live preview (api/routes/preview.ts): where drafts render, and the per-company limit. */
  previews: { renderer: PreviewRenderer; limiter: RateLimiter };
}

export interface AppEnv {
  Variables: AppDeps & {
    requestId: string;
    /** Set by the session middleware on /api: null when nobody is signed in. */
    user: User | null;
    session: Session | null;
    /** Set with the user by the session middleware: the user's company row, read in the session's
     *  own query (null when the user owns none). The tenant middleware maps it. */
    ownerCompany?: CompanyRow | null;
  };
}

/** Routes behind the tenant middleware: a signed-in owner and THEIR company, resolved once. */
export interface OwnerEnv {
  Variables: AppEnv['Variables'] & { user: User; session: Session; company: Company };
}
