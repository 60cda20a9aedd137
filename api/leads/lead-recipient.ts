// Where a company's quote requests are mailed (issue 39). By default the owner's login e-mail, which
// sign-up gave us and the owner logs in with. Any other address is used only once its own inbox has
// confirmed it: the owner types it, we mail a link there (a one-time account token, stored as its
// SHA-256 only, valid 7 days), and whoever reads that inbox confirms with a button on
// /admin/bekraeft-modtager (a page that confirms by being opened would be confirmed by any mail
// scanner). Until then the requests keep going where they went, and the new address gets nothing but
// that one mail; a typo or a stranger's address therefore never receives a customer's words.
// The owner sees the waiting address, can send the mail again (a few times an hour: we do not mail a
// stranger 60 times because someone keeps clicking) or cancel it. The login e-mail itself, or the
// address already confirmed, needs no confirmation. A link dies when the owner picks another address,
// cancels, or changes the password (every link asked for with the old password dies with it).
import {
  type Company,
  clearPendingLeadRecipient,
  confirmPendingLeadRecipient,
  type Db,
  findCompanyByCvr,
  findUserByEmail,
  getLeadSettings,
  getPendingLeadRecipient,
  type LeadSettings,
  normalizeEmail,
  type PendingLeadRecipient,
  saveLeadSettings,
  setPendingLeadRecipient,
  spendAccountToken,
  spendUserAccountTokens,
  type User,
} from '../../db';
import { AppError } from '../../lib/errors';
import type { Mailer, MailMessage } from '../../lib/mailer';
import { LEAD_RECIPIENT_MESSAGES } from '../../rules/lead-messages';
import { MESSAGES } from '../../rules/messages';
import { productOrigin } from '../../rules/site-url';
import { accountTokenId, accountTokenState, issueAccountToken } from '../auth/account-tokens';
import { type ChangeDeps, commitChange, Unchanged } from '../services/commit-change';
import { leadRecipient } from './lead-mail';

const CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const CONFIRM_PATH = '/admin/bekraeft-modtager';

/** What the owner sees: the form switch, where requests go now, and an address waiting to be confirmed. */
export interface RecipientState {
  formEnabled: boolean;
  /** The confirmed address chosen instead of the login e-mail; '' for the login e-mail. */
  recipientEmail: string;
  /** The login e-mail: where requests go without a chosen address. */
  defaultRecipient: string;
  /** Whether the owner has confirmed the login e-mail; until then nothing is mailed there (issue 48). */
  loginConfirmed: boolean;
  pendingRecipient: PendingLeadRecipient | null;
}

/** Whether the login e-mail `email` belongs to an account that has confirmed it. */
export async function isLoginConfirmed(db: Db, email: string | null): Promise<boolean> {
  if (!email) return false;
  return ((await findUserByEmail(db, email))?.emailVerifiedAt ?? null) !== null;
}

export async function recipientState(db: Db, company: Pick<Company, 'cvr' | 'companyEmail'>) {
  const [settings, pending, loginConfirmed] = await Promise.all([
    getLeadSettings(db, company.cvr),
    getPendingLeadRecipient(db, company.cvr),
    isLoginConfirmed(db, company.companyEmail),
  ]);
  return {
    formEnabled: settings.formEnabled,
    recipientEmail: settings.recipientEmail ?? '',
    defaultRecipient: company.companyEmail ?? '',
    loginConfirmed,
    pendingRecipient: pending,
  };
}

export interface RecipientDeps extends ChangeDeps {
  mailer: Mailer;
  publicHost: string;
  /** Counts one confirmation mail for the company; throws (429) past its allowance. */
  countMail: () => Promise<void>;
}

type Owner = { user: Pick<User, 'id'>; company: Pick<Company, 'cvr' | 'name' | 'companyEmail'> };

/**
 * Saves the form switch and the wanted recipient. The login e-mail (or an empty field) and the
 * address already confirmed take effect at once and end any wait; the address already waiting stays
 * waiting (no second mail); any other address starts waiting and gets the confirmation mail. Only a
 * changed switch publishes the site (the recipient is not on it).
 */
export async function saveRecipientSettings(
  deps: RecipientDeps,
  owner: Owner,
  input: { formEnabled: boolean; recipientEmail: string },
): Promise<RecipientState> {
  const { company, user } = owner;
  const { db } = deps;
  const [settings, pending] = await Promise.all([
    getLeadSettings(db, company.cvr),
    getPendingLeadRecipient(db, company.cvr),
  ]);
  const wanted = normalizeEmail(input.recipientEmail);
  const login = company.companyEmail ?? '';
  const current = leadRecipient(company, settings) ?? '';
  const toLogin = wanted === '' || wanted === login;
  const next: LeadSettings = {
    formEnabled: input.formEnabled,
    recipientEmail: toLogin ? null : settings.recipientEmail,
  };
  const ask = !toLogin && wanted !== current && wanted !== pending?.email ? wanted : null;
  const endWait = toLogin || wanted === current;
  if (ask) await deps.countMail();

  const now = deps.now();
  const token = await commitChange(deps, company.cvr, async (trx) => {
    await saveLeadSettings(trx, company.cvr, next);
    let issued: string | null = null;
    if (endWait || ask) {
      await clearPendingLeadRecipient(trx, company.cvr);
      await spendUserAccountTokens(trx, user.id, 'lead_recipient', now);
    }
    if (ask) issued = await askConfirmation(trx, owner, ask, now);
    return next.formEnabled === settings.formEnabled ? new Unchanged(issued) : issued;
  });
  if (ask && token) await sendConfirmation(deps, company, ask, token);
  return recipientState(db, company);
}

/** Mails the waiting address a fresh link (the older ones die); refused when nothing waits. */
export async function resendConfirmation(deps: RecipientDeps, owner: Owner): Promise<RecipientState> {
  const { db } = deps;
  const { company, user } = owner;
  const pending = await getPendingLeadRecipient(db, company.cvr);
  if (!pending) throw new AppError('invalid_input', LEAD_RECIPIENT_MESSAGES.nothingPending);
  await deps.countMail();
  const now = deps.now();
  const token = await db.transaction().execute(async (trx) => {
    await spendUserAccountTokens(trx, user.id, 'lead_recipient', now);
    return askConfirmation(trx, owner, pending.email, now);
  });
  await sendConfirmation(deps, company, pending.email, token);
  return recipientState(db, company);
}

/** Forgets the waiting address; its links confirm nothing any more. */
export async function cancelConfirmation(db: Db, owner: Owner, now: Date): Promise<RecipientState> {
  await db.transaction().execute(async (trx) => {
    await clearPendingLeadRecipient(trx, owner.company.cvr);
    await spendUserAccountTokens(trx, owner.user.id, 'lead_recipient', now);
  });
  return recipientState(db, owner.company);
}

/** The token's detail: the company and the address it confirms (neither can hold a space). */
function tokenDetail(cvr: string, email: string): string {
  return `${cvr} ${email}`;
}

function fromDetail(detail: string | null): { cvr: string; email: string } | null {
  const [cvr, email, ...rest] = (detail ?? '').split(' ');
  return cvr && email && rest.length === 0 ? { cvr, email } : null;
}

async function askConfirmation(trx: Db, owner: Owner, email: string, now: Date): Promise<string> {
  const token = await issueAccountToken(
    trx,
    {
      userId: owner.user.id,
      purpose: 'lead_recipient',
      ttlMs: CONFIRM_TTL_MS,
      detail: tokenDetail(owner.company.cvr, email),
    },
    now,
  );
  await setPendingLeadRecipient(trx, owner.company.cvr, email, now);
  return token;
}

async function sendConfirmation(
  deps: RecipientDeps,
  company: Pick<Company, 'name'>,
  email: string,
  token: string,
): Promise<void> {
  const link = `${productOrigin(deps.publicHost)}${CONFIRM_PATH}?token=${token}`;
  try {
    await deps.mailer.send(confirmationMail(company.name, email, link));
  } catch (error) {
    // The address keeps waiting: "Send igen" tries again.
    throw new AppError('unavailable', LEAD_RECIPIENT_MESSAGES.mailFailed, { cause: error });
  }
}

function confirmationMail(companyName: string, email: string, link: string): MailMessage {
  // One paragraph a line: mail clients wrap plain text themselves.
  return {
    to: email,
    subject: `Bekræft, at forespørgsler til ${companyName} skal sendes hertil`,
    text: [
      'Hej,',
      '',
      `Ejeren af hjemmesiden for ${companyName} har bedt om, at forespørgsler fra hjemmesidens formular "Få et tilbud" fremover sendes til ${email}.`,
      '',
      'Bekræft adressen her:',
      link,
      '',
      'Åbn linket, og klik på "Bekræft adressen". Linket virker i 7 dage og kan kun bruges én gang. Indtil adressen er bekræftet, sender vi ingen forespørgsler hertil.',
      '',
      `Har du ikke noget med ${companyName} at gøre, kan du se bort fra denne e-mail.`,
      '',
      'Venlig hilsen',
      'Mesterside',
      '',
    ].join('\n'),
  };
}

/**
 * What a link is worth now, with the company and address it confirms when it can be used. A link
 * spent by something else than its own confirmation (a newer link, another address, a cancel) says
 * so, rather than "already used" to someone who never used it.
 */
export async function checkConfirmation(db: Db, token: string, now: Date): Promise<LinkCheck> {
  const { state, row } = await accountTokenState(db, token, 'lead_recipient', now);
  const target = fromDetail(row?.detail ?? null);
  if (!target || state === 'expired' || state === 'invalid') return { state, message: linkMessage(state) };
  const [company, settings, pending] = await Promise.all([
    findCompanyByCvr(db, target.cvr),
    getLeadSettings(db, target.cvr),
    getPendingLeadRecipient(db, target.cvr),
  ]);
  if (state === 'used' && settings.recipientEmail === target.email) {
    return { state, message: linkMessage(state) };
  }
  if (!company || state === 'used' || pending?.email !== target.email) {
    return { state: 'invalid', message: LEAD_RECIPIENT_MESSAGES.linkReplaced };
  }
  return { state, message: '', companyName: company.name, email: target.email };
}

type LinkCheck = {
  state: 'valid' | 'expired' | 'used' | 'invalid';
  message: string;
  companyName?: string;
  email?: string;
};

/** Confirms a link: its address receives the company's requests from now on. */
export async function confirmRecipient(db: Db, token: string, now: Date) {
  const id = accountTokenId(token);
  const confirmed = await db.transaction().execute(async (trx) => {
    const row = id === null ? undefined : await spendAccountToken(trx, id, 'lead_recipient', now);
    const target = fromDetail(row?.detail ?? null);
    if (!target) return null;
    if (!(await confirmPendingLeadRecipient(trx, target.cvr, target.email))) {
      throw new AppError('invalid_input', LEAD_RECIPIENT_MESSAGES.linkReplaced);
    }
    const company = await findCompanyByCvr(trx, target.cvr);
    return { companyName: company?.name ?? '', email: target.email };
  });
  if (!confirmed) {
    const { message } = await checkConfirmation(db, token, now);
    throw new AppError('invalid_input', message || MESSAGES.emailLinkInvalid);
  }
  return { ...confirmed, message: LEAD_RECIPIENT_MESSAGES.confirmed(confirmed.companyName, confirmed.email) };
}

function linkMessage(state: 'valid' | 'expired' | 'used' | 'invalid'): string {
  if (state === 'expired') return LEAD_RECIPIENT_MESSAGES.linkExpired;
  if (state === 'used') return MESSAGES.emailLinkUsed;
  return MESSAGES.emailLinkInvalid;
}
