// What the customer of a tilbud can claim (issue 51 item 2): the labour that counts for håndværker-
// or servicefradrag, and an estimate of the tax it saves this year. The estimate is for one person
// (the ceiling is per person over 18; a couple may claim twice) and is absent when the year's
// ceilings are not in rules/tax-deduction.ts, never computed with another year's figures.
import { type DeductionScheme, divideRounded } from './quote-money';
import {
  DEDUCTION_INFO_URL,
  DEDUCTION_VALUE,
  deductionForYear,
  deductionLawCovers,
  deductionWork,
} from './tax-deduction';

export { DEDUCTION_SCHEME_LABELS, type DeductionScheme } from './quote-money';

/** The schemes a trade's labour may be marked with (none: its tilbud shows no fradrag block). */
export function deductionSchemes(tradeId: string): DeductionScheme[] {
  return [...new Set(deductionWork(tradeId).map((item) => item.kind))];
}

export interface DeductionEstimate {
  year: number;
  /** The labour that counts, incl. moms, per scheme (0 for a scheme no line is marked with). */
  countsOre: { craft: number; service: number };
  /** The estimated tax saving for one person, or null when the year's amounts are unknown. */
  savingOre: number | null;
  /** The year's ceilings per person in øre, or null. */
  ceilingsOre: { craft: number; service: number } | null;
  /** Conditions the customer must meet, as the tilbud states them. */
  conditions: string;
  infoUrl: string;
}

const DEDUCTION_CONDITIONS =
  'Fradraget gælder kun arbejdslønnen, ikke materialer og kørsel, og kun når du betaler elektronisk (fx bankoverførsel eller MobilePay). Beløbet er et skøn for én person; skattens regler afgør det endelige fradrag.';

/**
 * The block for a document whose labour counts `countsOre` (incl. moms, from documentTotals) in the
 * Danish `year`: null when nothing counts or the law does not cover the year.
 */
export function deductionEstimate(
  countsOre: { craft: number; service: number },
  year: number,
): DeductionEstimate | null {
  if (countsOre.craft <= 0 && countsOre.service <= 0) return null;
  if (!deductionLawCovers(year)) return null;
  const row = deductionForYear(year);
  const ceilingsOre = row ? { craft: row.craftCeilingKr * 100, service: row.serviceCeilingKr * 100 } : null;
  const savingOre = ceilingsOre
    ? divideRounded(
        (Math.min(countsOre.craft, ceilingsOre.craft) + Math.min(countsOre.service, ceilingsOre.service)) *
          DEDUCTION_VALUE.rateBasisPoints,
        10_000,
      )
    : null;
  return {
    year,
    countsOre,
    savingOre,
    ceilingsOre,
    conditions: DEDUCTION_CONDITIONS,
    infoUrl: DEDUCTION_INFO_URL,
  };
}
