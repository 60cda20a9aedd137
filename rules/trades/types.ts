// The shape of one trade profile: what the site writers need to know about a trade to write about a
// company in it without ever naming the CVR registry's industry description as if it were a service.

/** A Danish noun in the four forms the writers use. */
export interface NounForms {
  /** 'tømrer' */
  singular: string;
  /** 'tømreren' */
  singularDefinite: string;
  /** 'tømrere' */
  plural: string;
  /** 'tømrerne' */
  pluralDefinite: string;
  /** Common ('en tømrer', 'din lokale tømrer') or neuter ('et firma', 'dit lokale firma'). */
  gender: 'common' | 'neuter';
}

type CustomerGroup = 'privat' | 'erhverv' | 'boligforeninger';

interface TradeQuestion {
  question: string;
  answer: string;
}

/**
 * A service a customer can book a time for (issue 52), as the booking screen prefills it. Prices are
 * left to the owner (null): a default figure would stand on his site as his price.
 */
export interface BookableService {
  name: string;
  /** The service's own minutes. */
  minutes: number;
  /** Minutes kept free after it (cleaning the chair, the next car onto the lift). */
  bufferMinutes: number;
}

export interface TradeProfile {
  /** A stable id ('tomrer'), ASCII. */
  id: string;
  /** The trade as a person or business: 'tømrer', 'rengøringsfirma'. */
  noun: NounForms;
  /**
   * Where the work happens: at the customer's ('onsite': a carpenter comes out and gives a quote) or
   * at the business ('shop': a hairdresser or a garage; the customer books a time).
   */
  workplace: 'onsite' | 'shop';
  /** What a customer would photograph for a quote, read after 'fx af' in the quote form's photo hint
   *  ('badeværelset, hanen eller utætheden'). */
  photoExamples: string;
  /** DB07 industry codes (six digits) that name this trade. */
  codes: readonly string[];
  /**
   * Lowercase word stems looked for in the industry description, then the company name ('tømrer',
   * 'snedker'); the profile with the longest matching stem wins.
   */
  stems: readonly string[];
  /**
   * Stems that only hint at this trade in a company name ('auto', 'salon', 'glas'): read in the
   * industry description like the others, but in a name they decide only when the registry names no
   * trade, or names this one among others (find-trade.ts).
   */
  weakStems?: readonly string[];
  /**
   * Words too short to look for as stems ('el'): in a company name they name this trade when they
   * stand as a whole word ('Hansen VVS & El', 'El-firmaet'), never in a description.
   */
  nameWords?: readonly string[];
  /** 6–10 services as a customer searches for them, each a short phrase with a capital first letter. */
  services: readonly string[];
  customers: readonly CustomerGroup[];
  /** For 'shop' trades: the services a customer books a time for, prefilled in "Booking". */
  bookable?: readonly BookableService[];
  /** 3–5 questions customers ask, with short answers in the company's voice ('vi'). */
  questions: readonly TradeQuestion[];
  /** Local-search phrases, each read with ' i <by>' after it ('tømrer', 'tømrermester'). */
  keywords: readonly string[];
}

/**
 * A trade a company name may name that has no profile (an urmager, a fotograf): enough to know the
 * name names a trade, and to write about it by its own noun, with neutral services.
 */
export interface OtherTrade {
  /** Lowercase stems looked for at the start of a word of the company name ('urmager'). */
  stems: readonly string[];
  noun: NounForms;
  workplace: TradeProfile['workplace'];
}
