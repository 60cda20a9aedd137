// The jobs of a tilbud (issue 51): the customer's mail when the owner sends it, its reminder a few
// days before valid-until while it is unanswered (keyed quote-reminder:cvr:id, so an answer or a new
// version cancels it), and the owner's notice when the customer answers. A job whose tilbud is gone,
// answered or replaced is 'done' with nothing sent.
import { type Db, findCompanyByCvr, findQuote, quoteState } from '../../db';
import { productOrigin } from '../../rules/site-url';
import { quotePdf } from '../quotes/document-pdf';
import { quoteAnsweredMail, quoteCustomerMail, quoteLinkUrl } from '../quotes/quote-mail';
import type { MailJobDeps } from './mail-jobs';
import type { JobHandler } from './runner';

export interface QuoteMailPayload {
  cvr: string;
  quoteId: string;
  mail: 'customer' | 'reminder' | 'answered';
}

async function compose(deps: MailJobDeps, db: Db, { cvr, quoteId, mail }: QuoteMailPayload) {
  const [company, quote] = await Promise.all([findCompanyByCvr(db, cvr), findQuote(db, cvr, quoteId)]);
  if (!company || !quote) return null;
  if (mail === 'answered') {
    if (!company.companyEmail) return null;
    return quoteAnsweredMail(
      quote,
      company,
      company.companyEmail,
      `${productOrigin(deps.config.publicHost)}/admin/henvendelser/tilbud/${quote.id}`,
    );
  }
  if (!quote.customerEmail || quote.replacedById) return null;
  const state = quoteState(quote, deps.now());
  if (mail === 'reminder' && state !== 'sent' && state !== 'seen') return null;
  const link = await quoteLinkUrl(db, company, deps.config.publicHost, quote.id);
  const pdf = await quotePdf(quote, company, deps.config.storageDir, deps.now());
  return quoteCustomerMail(quote, company, link, pdf, mail === 'reminder');
}

export function quoteMailJob(deps: MailJobDeps): JobHandler {
  return async (job) => {
    const message = await compose(deps, deps.db, job.payload as QuoteMailPayload);
    if (!message) return 'done';
    await deps.mailer.send(message);
    return 'sent';
  };
}
