// Authorisations from Sikkerhedsstyrelsen (issue 42 item 1). Danish law lets only an authorised
// company do el, VVS (water, drain and gas) and kloak installation work; the authorisation belongs to
// the company, and a company may not advertise one it does not have (autorisationsloven). So the site
// shows exactly the type the owner chose with the number the owner typed, links to the public
// register where a customer can check it, and says "oplyst af firmaet" until the operator has looked
// the number up in that register (never "verificeret" before).
//
// Sources (read 2026-11-28):
// - https://www.sik.dk/Virksomhed/Autorisation-el-vvs-og-kloak/Autorisation/Fuld-autorisation
//   (three full areas: el, vvs – vand, afløb og gas – and kloak)
// - https://www.sik.dk/erhverv/ansog-og-registrer/sporgsmal-og-svar/autorisationer-el-gas-vvs-og-kloak/sporgsmal-og-svar-om-autorisation-og-virksomhedsgodkendelse
//   (a full VVS authorisation, VFUL, covers water, drain and gas installations under 135 kW; the
//   partial "vand- og afløbsinstallatør", VDVA, must be named as such)
// - https://www.sik.dk/erhverv/ansoeg-og-registrer/vejledninger/el-gas-vvs-kloak-og-asbestautorisationer/faa-virksomhedsautorisation-el-vvs-kloak-gas-eller-nedrivning-asbest
//   (separate company approvals for gas work outside the authorisation: plants over 135 kW, gas engines, turbines)
// - the public register https://www.sik.dk/registre/autorisationsregister lists authorised companies
//   with name, CVR and authorisation number, searchable by each (search_index).

export const AUTHORISATION_REGISTER_URL = 'https://www.sik.dk/registre/autorisationsregister';

/** The register searched for a company's CVR, so a customer lands on the company itself. */
export function authorisationRegisterLink(cvr: string): string {
  return `${AUTHORISATION_REGISTER_URL}?search_index=${encodeURIComponent(cvr)}`;
}

export const AUTHORISATION_TYPES = ['el', 'vvs', 'vand-afloeb', 'kloak', 'gas'] as const;
export type AuthorisationType = (typeof AUTHORISATION_TYPES)[number];

interface AuthorisationInfo {
  /** The title the site shows, capitalised: 'Autoriseret el-installatør'. */
  title: string;
  /** The choice in the admin's list. */
  label: string;
}

export const AUTHORISATIONS: Readonly<Record<AuthorisationType, AuthorisationInfo>> = {
  el: { title: 'Autoriseret el-installatør', label: 'El-installatør' },
  vvs: { title: 'Autoriseret VVS-installatør', label: 'VVS-installatør (vand, afløb, gas)' },
  'vand-afloeb': {
    title: 'Autoriseret vand- og afløbsinstallatør',
    label: 'Vand og afløb (delautorisation)',
  },
  kloak: { title: 'Autoriseret kloakmester', label: 'Kloakmester' },
  gas: {
    title: 'Godkendt gasinstallatør (anlæg over 135 kW)',
    label: 'Gasanlæg over 135 kW (godkendelse)',
  },
};

// Which authorisations a trade is offered, by trade profile id (rules/trades/). Trades whose work
// needs none are offered none, so a painter's sign-up never asks for an authorisation number.
const AUTHORISATIONS_BY_TRADE: Readonly<Record<string, readonly AuthorisationType[]>> = {
  elektriker: ['el'],
  vvs: ['vvs', 'vand-afloeb', 'gas'],
  blikkenslager: ['vvs', 'vand-afloeb'],
  kloakmester: ['kloak', 'vand-afloeb'],
  entreprenor: ['kloak'],
  anlaegsgartner: ['kloak'],
  ventilation: ['el', 'vvs'],
  solceller: ['el'],
};

/** The authorisation types offered to a trade (profile id); [] for trades that need none. */
export function authorisationsFor(tradeId: string): readonly AuthorisationType[] {
  return AUTHORISATIONS_BY_TRADE[tradeId] ?? [];
}

/** Trade profile ids that are offered an authorisation (tests). */
export const AUTHORISATION_TRADES: readonly string[] = Object.keys(AUTHORISATIONS_BY_TRADE);

export function isAuthorisationType(value: unknown): value is AuthorisationType {
  return typeof value === 'string' && (AUTHORISATION_TYPES as readonly string[]).includes(value);
}

// The register writes authorisation numbers as digits ("autnr"); owners type them with spaces or a
// "nr." in front. Stored as digits only, 3–10 of them.
export const AUTHORISATION_NUMBER_MAX = 20;

/** '12 345', 'nr. 12345' and 'aut.nr. 12345' → '12345'; null when it is not 3–10 digits. */
export function normaliseAuthorisationNumber(input: string): string | null {
  const digits = input
    .trim()
    .replace(/^(aut(orisations)?\.?\s*)?(nr\.?|nummer)?\s*:?/i, '')
    .replace(/[\s.-]/g, '');
  return /^\d{3,10}$/.test(digits) ? digits : null;
}

/** How the site names a company's authorisation: 'Autoriseret el-installatør, aut. nr. 12345'. */
export function authorisationLine(type: AuthorisationType, number: string): string {
  return `${AUTHORISATIONS[type].title}, aut. nr. ${number}`;
}

/**
 * The words beside the authorisation: whose statement it is. Only a number the operator looked up in
 * the register (and that has not changed since) is "kontrolleret"; anything else is the company's own.
 */
export function authorisationStatus(checked: boolean): string {
  return checked ? 'kontrolleret i Sikkerhedsstyrelsens register' : 'oplyst af firmaet';
}
