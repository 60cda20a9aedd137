// Finds a company's trade from its own name and from what the CVR registry says (the DB07 industry
// code, or the words of the industry description when there is no code). One function, so every
// writer, the default scene and the trust features (authorisation, døgnvagt) read a company the same
// way: `findTrade` answers a trade profile, or a neutral 'unknown trade' carrying the company's own
// trade word when its name has one we have no profile for.
//
// The rule, in order:
// 1. The company's name names a trade (a trade word at the start of a word of the name): that trade,
//    over whatever code the registry gives ('Skorstensfejer Eksempel' filed under a cleaning code is a
//    chimney sweep; 'Malerfirmaet Hansen' under the carpenters' code is a painter). An owner writes
//    the trade into the name on purpose; the code is often a bookkeeper's guess, or the nearest one
//    the registry has (there is no code for a chimney sweep, a locksmith or a paver).
//    - A name naming several trades takes the one the registry names too ('Jensen Tømrer & Snedker'
//      under the joiners' code is a snedker), else the one named first ('Eksempel VVS & Blik' is VVS);
//      at one place the longest stem wins ('Låsesmeden' is a låsesmed, not a smed).
//    - A trade we have no profile for ('Urmager Hansen', 'Stilladsfirmaet …') counts as well: the
//      company gets the unknown trade with its own word, never the code's profile and its services.
//    - A few words only hint at a trade ('Nord Auto' may be a garage or a paint shop, 'Salon Bella' a
//      hairdresser or a beauty salon): they decide only when the registry names no trade, or names
//      that one among others.
//    - A stem counts only at the start of a word, and some words that only look like a trade count not
//      at all ('Autoriseret', 'Smedegaard', 'Elektronik').
// 2. Else the registry: the code's profile (a shared code such as 433400 'Malerforretninger og
//    glarmestre' gives its first), or when no profile knows the code, the description's words read part
//    by part (the longest stem in a part wins). A catch-all (439990, 412000: the entreprenør) counts.
// 3. Else the unknown trade, with the registry's description as a category to show as one.
import { foldToAscii as fold } from '../fold';
import { NEUTRAL_PROFILE, OTHER_TRADES, TRADE_PROFILES } from './profiles';
import type { NounForms, OtherTrade, TradeProfile } from './types';

export interface TradeClues {
  /** DB07 code as the registry writes it ('433200', or with dots '43.32.00'). */
  industryCode?: string | number | null;
  industryDesc?: string | null;
  companyName?: string | null;
}

/** A trade we have a profile for: its services, questions and noun come from the profile. */
interface KnownTrade {
  kind: 'profile';
  /** The profile's stable id ('tomrer', 'skorstensfejer'). */
  id: string;
  profile: TradeProfile;
  /** What decided it: a trade word in the company's name, or the registry's code or description. */
  by: 'name' | 'registry';
}

/**
 * A trade we cannot tell, or have no profile for: write neutral text (NEUTRAL_PROFILE's services),
 * never another trade's.
 */
interface UnknownTrade {
  kind: 'unknown';
  id: typeof NEUTRAL_PROFILE.id;
  profile: TradeProfile;
  /**
   * The trade the company's name names when we have no profile for it: the word as the name writes
   * it ('Urmager' in 'Urmager Hansen ApS') and the noun forms to write about it ('en urmager').
   */
  ownTrade: { word: string; noun: NounForms; workplace: TradeProfile['workplace'] } | null;
  /** The registry's industry description, trimmed, or null: a category to show as one, never a noun. */
  registryCategory: string | null;
}

export type FoundTrade = KnownTrade | UnknownTrade;

/** The company's trade: a profile, or the unknown trade (see the rule at the top of this file). */
export function findTrade(clues: TradeClues): FoundTrade {
  const registry = registryProfiles(clues);
  const named = nameTrade(clues.companyName ?? '', registry);
  if (named !== null) {
    if ('profile' in named.trade) {
      return { kind: 'profile', id: named.trade.profile.id, profile: named.trade.profile, by: 'name' };
    }
    const { noun, workplace } = named.trade.other;
    return unknown(clues, { word: named.word, noun, workplace });
  }
  const [first] = registry;
  if (first) return { kind: 'profile', id: first.id, profile: first, by: 'registry' };
  return unknown(clues, null);
}

/** The profile for a company; NEUTRAL_PROFILE when its trade is unknown or has no profile. */
export function findTradeProfile(clues: TradeClues): TradeProfile {
  return findTrade(clues).profile;
}

/**
 * The profile a writer writes from: the trade's own, or for a trade the name names that has no
 * profile, the neutral profile (its neutral services and questions) under the company's own noun and
 * workplace, so 'Urmager Hansen' reads as 'din lokale urmager' and never gets another trade's work.
 */
export function writingProfile(trade: FoundTrade): TradeProfile {
  if (trade.kind === 'profile' || trade.ownTrade === null) return trade.profile;
  return { ...trade.profile, noun: trade.ownTrade.noun, workplace: trade.ownTrade.workplace };
}

function unknown(clues: TradeClues, ownTrade: UnknownTrade['ownTrade']): UnknownTrade {
  const category = (clues.industryDesc ?? '').replace(/\s+/g, ' ').trim();
  return {
    kind: 'unknown',
    id: NEUTRAL_PROFILE.id,
    profile: NEUTRAL_PROFILE,
    ownTrade,
    registryCategory: category === '' ? null : category,
  };
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
    const profile = longestStemIn(fold(part).replace(NO_TRADE_IN_DESCRIPTION, ' '));
    if (profile && !found.includes(profile)) found.push(profile);
  }
  return found;
}

// Words of a description that hold a stem and name no trade: '(bygge- og) anlægsvirksomhed' is
// building work in general (439990 'Anden specialiseret bygge- og anlægsvirksomhed'), 'taxikørsel' no
// haulage (folded).
const NO_TRADE_IN_DESCRIPTION = /[a-z]*anlaegsvirksomhed|[a-z]*(?:taxi|bus)koersel/g;

// Description parts: the longest stem anywhere wins ('anlægsgartner' beats 'gartner').
function longestStemIn(haystack: string): TradeProfile | null {
  let best: TradeProfile | null = null;
  let bestLength = 0;
  for (const profile of TRADE_PROFILES) {
    for (const stem of [...stemsOf(profile).strong, ...stemsOf(profile).weak]) {
      if (stem.length > bestLength && haystack.includes(stem)) {
        best = profile;
        bestLength = stem.length;
      }
    }
  }
  return best;
}

type NamedTrade = { profile: TradeProfile } | { other: OtherTrade };

interface NameHit {
  trade: NamedTrade;
  /** The whole word of the name the stem starts, as the name writes it. */
  word: string;
  at: number;
  length: number;
  weak: boolean;
}

// The trade the name names (rule 1), or null when it names none that may decide.
function nameTrade(name: string, registry: readonly TradeProfile[]): NameHit | null {
  const hits = nameHits(name).filter(
    (hit) =>
      !hit.weak || registry.length === 0 || ('profile' in hit.trade && registry.includes(hit.trade.profile)),
  );
  const sameAsRegistry = hits.filter((hit) => 'profile' in hit.trade && registry.includes(hit.trade.profile));
  return firstAndLongest(sameAsRegistry.length > 0 ? sameAsRegistry : hits);
}

function firstAndLongest(hits: readonly NameHit[]): NameHit | null {
  let best: NameHit | null = null;
  for (const hit of hits) {
    if (best === null || hit.at < best.at || (hit.at === best.at && hit.length > best.length)) best = hit;
  }
  return best;
}

// Every trade stem that starts a word of the name, with where and how long; at one place only the
// longest stem stays ('låsesmed' and 'smed' do not both start 'Låsesmeden', but 'blikkenslager' and
// 'blik' both start 'Blikkenslageren', and only the longer, stronger one is kept).
function nameHits(name: string): NameHit[] {
  const { folded, origin } = foldWithOrigin(name);
  if (folded.trim() === '') return [];
  const all: NameHit[] = [];
  const add = (trade: NamedTrade, stem: string, weak: boolean, wholeWord = false) => {
    for (const at of wordStarts(folded, stem, wholeWord)) {
      all.push({ trade, word: wordAt(name, origin[at] ?? 0), at, length: stem.length, weak });
    }
  };
  for (const profile of TRADE_PROFILES) {
    const { strong, weak, words } = stemsOf(profile);
    for (const stem of strong) add({ profile }, stem, false);
    for (const stem of weak) add({ profile }, stem, true);
    for (const word of words) add({ profile }, word, false, true);
  }
  for (const other of OTHER_TRADES) for (const stem of foldedOtherStems(other)) add({ other }, stem, false);
  return all.filter((hit) => !all.some((longer) => longer.at === hit.at && longer.length > hit.length));
}

// The folded name and, for each of its characters, the index of the name's character it came from
// ('æ' folds to two letters), so a hit can be read back as the name writes it.
function foldWithOrigin(name: string): { folded: string; origin: number[] } {
  let folded = '';
  const origin: number[] = [];
  let index = 0;
  for (const char of name) {
    const part = fold(char);
    folded += part;
    for (let i = 0; i < part.length; i++) origin.push(index);
    index += char.length;
  }
  return { folded, origin };
}

/** The word of `text` that starts at `at`: letters, digits and inner hyphens ('El-Service'). */
function wordAt(text: string, at: number): string {
  const match = /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/u.exec(text.slice(at));
  return match ? match[0] : text.slice(at).trim();
}

// Folding a stem costs two Unicode normalisations; a publish asks for the trade on every page.
interface FoldedStems {
  strong: readonly string[];
  weak: readonly string[];
  /** Whole words of a name only ('el'). */
  words: readonly string[];
}
const FOLDED_STEMS = new WeakMap<TradeProfile, FoldedStems>();
function stemsOf(profile: TradeProfile): FoldedStems {
  let stems = FOLDED_STEMS.get(profile);
  if (stems === undefined) {
    stems = {
      strong: profile.stems.map(fold),
      weak: (profile.weakStems ?? []).map(fold),
      words: (profile.nameWords ?? []).map(fold),
    };
    FOLDED_STEMS.set(profile, stems);
  }
  return stems;
}

const FOLDED_OTHER_STEMS = new WeakMap<OtherTrade, readonly string[]>();
function foldedOtherStems(other: OtherTrade): readonly string[] {
  let stems = FOLDED_OTHER_STEMS.get(other);
  if (stems === undefined) {
    stems = other.stems.map(fold);
    FOLDED_OTHER_STEMS.set(other, stems);
  }
  return stems;
}

// Words of a name that begin like a trade and are none (folded): 'Autoriseret Kloakmester' is no
// mechanic, 'Smedegaard Byg' no smith, 'Elektronik' no electrician.
const NOT_A_TRADE = /^(autoris|smedegaard|smedsgaard|smedemark|smedstrup|glasdam|elektronik)/;

// Every index where the stem starts a word of the folded text (after a non-letter, or at the start);
// with `wholeWord`, where it is a whole word ('El' in 'Hansen VVS & El', not in 'Elmegade').
function wordStarts(haystack: string, stem: string, wholeWord = false): number[] {
  const found: number[] = [];
  let at = haystack.indexOf(stem);
  while (at >= 0) {
    const startsWord = at === 0 || !/[a-z0-9]/.test(haystack[at - 1] ?? '');
    const endsWord = !wholeWord || !/[a-z0-9]/.test(haystack[at + stem.length] ?? '');
    if (startsWord && endsWord && !NOT_A_TRADE.test(haystack.slice(at))) found.push(at);
    at = haystack.indexOf(stem, at + 1);
  }
  return found;
}
