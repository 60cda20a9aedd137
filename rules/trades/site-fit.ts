// What a company's site asks and says by where its trade works (issue 52, item 8): a shop trade's
// customers come to the business (a salon, a garage), so its site takes a time or a message, not a
// request for a quote with a postcode; a garage's asks for the car's number plate.
import { DEFAULT_HOURS, type OpeningHours } from '../hours';
import { findTrade, type TradeClues, writingProfile } from './find-trade';

/** The trades whose customers bring a car: the booking and the message ask for its number plate. */
const PLATE_TRADES: ReadonlySet<string> = new Set(['mekaniker', 'autolakerer', 'daekcenter']);

export interface SiteFit {
  /** The customers come to the business ('shop' in the trade's profile). */
  shop: boolean;
  /** Ask for the registration number ("Nummerplade"). */
  asksPlate: boolean;
}

export function siteFit(clues: TradeClues): SiteFit {
  const trade = findTrade(clues);
  return {
    shop: writingProfile(trade).workplace === 'shop',
    asksPlate: trade.kind === 'profile' && PLATE_TRADES.has(trade.id),
  };
}

/** The clues of a company row. */
export function companyClues(company: {
  industryCode: string;
  industryDesc: string;
  name: string;
}): TradeClues {
  return {
    industryCode: company.industryCode,
    industryDesc: company.industryDesc,
    companyName: company.name,
  };
}

// A new site's opening hours by trade (issue 52), which the booking's free times come from. Chosen as
// typical Danish hours (not a rule from any source, 2026-12): a salon open Tuesday to Saturday with
// a late weekday, a garage early on weekdays and closed at weekends; the builders' 07–16 otherwise.
const SALON_HOURS: OpeningHours = {
  Mandag: 'Lukket',
  Tirsdag: '09:00 - 17:30',
  Onsdag: '09:00 - 17:30',
  Torsdag: '09:00 - 17:30',
  Fredag: '09:00 - 17:30',
  Lørdag: '09:00 - 13:00',
  Søndag: 'Lukket',
};
const GARAGE_HOURS: OpeningHours = {
  Mandag: '07:30 - 16:00',
  Tirsdag: '07:30 - 16:00',
  Onsdag: '07:30 - 16:00',
  Torsdag: '07:30 - 16:00',
  Fredag: '07:30 - 14:00',
  Lørdag: 'Lukket',
  Søndag: 'Lukket',
};

/** The opening hours a new company of this trade starts with (the owner edits them). */
export function defaultHoursFor(clues: TradeClues): OpeningHours {
  const fit = siteFit(clues);
  if (fit.asksPlate) return { ...GARAGE_HOURS };
  if (fit.shop) return { ...SALON_HOURS };
  return { ...DEFAULT_HOURS };
}
