// Picks a company's trade profile from what the CVR registry says (the DB07 industry code, or the
// words of the industry description when there is no code) and from the company's own name, and the
// neutral profile when nothing names a known trade. One function, so every writer and the default
// scene read a company the same way.
//
// The rule, in order:
// 1. The registry names one specific trade (a code or a description that maps to one profile, and
//    that profile is not a catch-all): that trade, whatever the name says. An owner chose the code,
//    and a name can carry a surname or a history ('Smedegaard Byg', 'Glasværket') that is no trade.
// 2. The registry names several trades (a shared code or description: 433400 'Malerforretninger og
//    glarmestre', 432200 'VVS- og blikkenslagerforretninger'): the one the company name names
//    ('Glarmester Nielsen & Co. A/S' is a glazier); a name naming none of them leaves the first.
// 3. The registry's answer is generic (a catch-all such as 439990 'Anden bygge- og anlægsvirksomhed
//    i.a.n.' or 412000 'Opførelse af nye bygninger', both the entreprenør profile) or absent (no code,
//    or one no profile knows, and a description naming no trade): the trade the company name names
//    ('Kloakmester Jens Holm ApS' is a kloakmester), else the generic profile, else neutral.
// In a name the trade named first wins ('Eksempel VVS & Blik' is VVS), and at one place the longest
// stem ('Låsesmeden' is a låsesmed, not a smed); a stem counts only at the start of a word, and a few
// words that only look like a trade ('Autoriseret', 'Smedegaard') count not at all.
import { foldToAscii as fold } from '../fold';
import { NEUTRAL_PROFILE, TRADE_PROFILES } from './profiles';
import type { TradeProfile } from './types';

export interface TradeClues {
  /** DB07 code as the registry writes it ('433200', or with dots '43.32.00'). */
  industryCode?: string | number | null;
  industryDesc?: string | null;
  companyName?: string | null;
}

/** Profiles that cover building work in general: a code or text landing here says no trade. */
const CATCH_ALL_PROFILES: ReadonlySet<string> = new Set(['entreprenor']);

/** The profile for a company; NEUTRAL_PROFILE when no clue names a known trade. */
export function findTradeProfile(clues: TradeClues): TradeProfile {
  const registry = registryProfiles(clues);
  const [first] = registry;
  if (registry.length === 1 && first && !CATCH_ALL_PROFILES.has(first.id)) return first;
  const named = nameProfile(clues.companyName ?? '', registry.length > 1 ? registry : TRADE_PROFILES);
  return named ?? first ?? NEUTRAL_PROFILE;
}

/** Six digits, or null: '43.32.00' and 433200 both become '433200'. */
function normaliseCode(code: string | number | null | undefined): string | null {
  if (code === null || code === undefined) return null;
  const digits = String(code).replace(/\D/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

// What the registry names, in its order: the code's profiles, or when no profile knows the code, the
// profile of each part of the description ('VVS- og blikkenslagerforretninger' names two).
function registryProfiles(clues: TradeClues): TradeProfile[] {
  const code = normaliseCode(clues.industryCode);
  const byCode = code === null ? [] : TRADE_PROFILES.filter((profile) => profile.codes.includes(code));
  if (byCode.length > 0) return byCode;
  const found: TradeProfile[] = [];
  for (const part of (clues.industryDesc ?? '').split(/\s+og\s+|[,;]/u)) {
    const profile = bestStemMatch(part, TRADE_PROFILES, false);
    if (profile && !found.includes(profile)) found.push(profile);
  }
  return found;
}

function nameProfile(name: string, candidates: readonly TradeProfile[]): TradeProfile | null {
  return bestStemMatch(name, candidates, true);
}

// Description parts: the longest stem anywhere wins ('anlægsgartner' beats 'gartner'). Names: the
// earliest stem at the start of a word wins, the longest at one place ('låsesmed' beats 'smed').
function bestStemMatch(
  text: string,
  profiles: readonly TradeProfile[],
  wordStartsOnly: boolean,
): TradeProfile | null {
  const haystack = fold(text);
  if (haystack.trim() === '') return null;
  let best: TradeProfile | null = null;
  let bestAt = Number.POSITIVE_INFINITY;
  let bestLength = 0;
  for (const profile of profiles) {
    for (const needle of foldedStems(profile)) {
      const at = wordStartsOnly ? wordStartIndex(haystack, needle) : haystack.includes(needle) ? 0 : -1;
      if (at < 0) continue;
      if (at < bestAt || (at === bestAt && needle.length > bestLength)) {
        best = profile;
        bestAt = at;
        bestLength = needle.length;
      }
    }
  }
  return best;
}

// Folding a stem costs two Unicode normalisations; a publish asks for the profile on every page.
const FOLDED_STEMS = new WeakMap<TradeProfile, readonly string[]>();
function foldedStems(profile: TradeProfile): readonly string[] {
  let stems = FOLDED_STEMS.get(profile);
  if (stems === undefined) {
    stems = profile.stems.map(fold);
    FOLDED_STEMS.set(profile, stems);
  }
  return stems;
}

// Words of a name that begin like a trade and are none (folded): 'Autoriseret Kloakmester' is no
// mechanic, 'Smedegaard Byg' no smith.
const NOT_A_TRADE = /^(autoris|smedegaard|smedsgaard|smedemark|smedstrup|glasdam|elektronik)/;

// Where the needle first starts a word of the haystack (after a non-letter, or at the start), or -1.
function wordStartIndex(haystack: string, needle: string): number {
  let at = haystack.indexOf(needle);
  while (at >= 0) {
    const startsWord = at === 0 || !/[a-z0-9]/.test(haystack[at - 1] ?? '');
    if (startsWord && !NOT_A_TRADE.test(haystack.slice(at))) return at;
    at = haystack.indexOf(needle, at + 1);
  }
  return -1;
}
