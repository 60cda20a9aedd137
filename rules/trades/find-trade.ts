// Picks a company's trade profile: from the DB07 industry code when the registry gave one, from the
// words of the industry description when not, from the company name as a last resort, and the
// neutral profile when nothing matches. One function, so every writer reads a company the same way.
import { foldToAscii as fold } from '../fold';
import { NEUTRAL_PROFILE, TRADE_PROFILES } from './profiles';
import type { TradeProfile } from './types';

export interface TradeClues {
  /** DB07 code as the registry writes it ('433200', or with dots '43.32.00'). */
  industryCode?: string | number | null;
  industryDesc?: string | null;
  companyName?: string | null;
}

/** The profile for a company; NEUTRAL_PROFILE when no clue names a known trade. */
export function findTradeProfile(clues: TradeClues): TradeProfile {
  const code = normaliseCode(clues.industryCode);
  const byCode = code === null ? [] : TRADE_PROFILES.filter((profile) => profile.codes.includes(code));
  // One code can cover two trades (VVS and blikkenslager share 432200): the words decide between them.
  if (byCode.length === 1) return byCode[0] as TradeProfile;
  const candidates = byCode.length > 1 ? byCode : TRADE_PROFILES;
  for (const text of [clues.industryDesc, clues.companyName]) {
    const found = bestStemMatch(text ?? '', candidates);
    if (found) return found;
  }
  return byCode[0] ?? NEUTRAL_PROFILE;
}

/** Six digits, or null: '43.32.00' and 433200 both become '433200'. */
function normaliseCode(code: string | number | null | undefined): string | null {
  if (code === null || code === undefined) return null;
  const digits = String(code).replace(/\D/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

// The longest matching stem wins, so 'anlægsgartner' beats 'gartner' and 'låsesmed' beats 'smed'.
function bestStemMatch(text: string, profiles: readonly TradeProfile[]): TradeProfile | null {
  const haystack = fold(text);
  if (haystack.trim() === '') return null;
  let best: TradeProfile | null = null;
  let bestLength = 0;
  for (const profile of profiles) {
    for (const stem of profile.stems) {
      const needle = fold(stem);
      if (needle.length > bestLength && haystack.includes(needle)) {
        best = profile;
        bestLength = needle.length;
      }
    }
  }
  return best;
}
