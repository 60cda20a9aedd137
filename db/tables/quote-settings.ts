// The company's tilbud and faktura settings (issue 51): standard terms (prefilled with a short, fair
// text until the owner writes his own), payment days, how long a tilbud is valid, bank account and
// MobilePay number for the invoice, and the Timepris a new tilbud's Arbejdsløn starts at.
import { DEFAULT_QUOTE_TERMS } from '../../rules/quote-messages';
import type { Db } from '../database';

export interface QuoteSettingsTable {
  companyCvr: string;
  terms: string;
  paymentDays: number;
  validDays: number;
  bankReg: string;
  bankAccount: string;
  mobilepay: string;
  /** Timepris, øre excl. moms per hour; 0 while not set. */
  hourlyRateOre: number;
}

export type QuoteSettings = Omit<QuoteSettingsTable, 'companyCvr'>;

const DEFAULT_QUOTE_SETTINGS: QuoteSettings = {
  terms: DEFAULT_QUOTE_TERMS,
  paymentDays: 8,
  validDays: 30,
  bankReg: '',
  bankAccount: '',
  mobilepay: '',
  hourlyRateOre: 0,
};

export async function getQuoteSettings(db: Db, cvr: string): Promise<QuoteSettings> {
  const row = await db
    .selectFrom('quoteSettings')
    .selectAll()
    .where('companyCvr', '=', cvr)
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_QUOTE_SETTINGS };
  return {
    terms: row.terms,
    paymentDays: Number(row.paymentDays),
    validDays: Number(row.validDays),
    bankReg: row.bankReg,
    bankAccount: row.bankAccount,
    mobilepay: row.mobilepay,
    hourlyRateOre: Number(row.hourlyRateOre),
  };
}

export async function saveQuoteSettings(
  db: Db,
  cvr: string,
  settings: QuoteSettings,
): Promise<QuoteSettings> {
  await db
    .insertInto('quoteSettings')
    .values({ companyCvr: cvr, ...settings })
    .onConflict((conflict) => conflict.column('companyCvr').doUpdateSet(settings))
    .execute();
  return getQuoteSettings(db, cvr);
}
