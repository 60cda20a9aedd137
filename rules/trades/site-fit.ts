// What a company's site asks and says by where its trade works (issue 52, item 8): a shop trade's
// customers come to the business (a salon, a garage), so its site takes a time or a message, not a
// request for a quote with a postcode; a garage's asks for the car's number plate.
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
