// Which services a company's "Booking" starts with, and whether booking starts on (issue 52): on for
// the trades whose customers come to them ('shop'), off for the others (any owner can turn it on).
import { foldToAscii } from '../fold';
import { type FoundTrade, findTrade, type TradeClues, writingProfile } from './find-trade';
import { BARBER_SERVICES, GENERIC_BOOKABLE } from './profiles';
import type { BookableService } from './types';

export interface BookingDefaults {
  enabled: boolean;
  services: readonly BookableService[];
}

export function bookingDefaults(clues: TradeClues): BookingDefaults {
  return bookingDefaultsFor(findTrade(clues), clues.companyName ?? '');
}

function bookingDefaultsFor(trade: FoundTrade, companyName: string): BookingDefaults {
  const profile = writingProfile(trade);
  const enabled = profile.workplace === 'shop';
  if (
    trade.kind === 'profile' &&
    trade.id === 'frisor' &&
    foldToAscii(companyName.toLowerCase()).includes('barber')
  ) {
    return { enabled, services: BARBER_SERVICES };
  }
  if (trade.kind === 'profile' && profile.bookable) return { enabled, services: profile.bookable };
  return { enabled, services: enabled ? GENERIC_BOOKABLE : [] };
}
