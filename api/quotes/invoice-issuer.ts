// The seller's details an invoice is stamped with (momsbekendtgørelsen § 58, stk. 1, nr. 3-4: CVR,
// name and address) and how to pay it, from the company and its tilbud settings. Null when something
// an invoice needs is missing: the address, or both a bank account and a MobilePay number.
import type { Company, InvoiceIssuer, QuoteSettings } from '../../db';

export function companyAddress(company: Pick<Company, 'address' | 'zipcode' | 'city'>): string {
  return [company.address.trim(), `${company.zipcode} ${company.city}`.trim()].filter(Boolean).join(', ');
}

export function invoiceIssuer(company: Company, settings: QuoteSettings): InvoiceIssuer | null {
  const hasBank = settings.bankReg !== '' && settings.bankAccount !== '';
  if (company.address.trim() === '' || (!hasBank && settings.mobilepay === '')) return null;
  return {
    sellerName: company.name,
    sellerAddress: companyAddress(company),
    sellerCvr: company.cvr,
    paymentDays: settings.paymentDays,
    bankReg: settings.bankReg,
    bankAccount: settings.bankAccount,
    mobilepay: settings.mobilepay,
  };
}
