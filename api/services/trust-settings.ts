// The Troværdighed tab's body as the repository takes it, and as the stored settings would read after
// the save (for the live preview), shared by the save and the preview routes (issue 42).
import type { trustSettingsSchema } from '../../contracts/trust';
import type { Company, TrustSettings, TrustSettingsInput } from '../../db';
import { AppError } from '../../lib/errors';
import { type AuthorisationType, authorisationsFor } from '../../rules/authorisations';
import { guaranteeScheme, schemesFor } from '../../rules/guarantee-schemes';
import { municipality } from '../../rules/municipalities';
import { companyTrade } from '../../rules/site-trust';
import { findTrade, writingProfile } from '../../rules/trades';
import { TRUST_MESSAGES } from '../../rules/trust-messages';

type TradeCompany = Pick<Company, 'name' | 'industryCode' | 'industryDesc'>;

/** The trade as the owner reads it in a refusal ('tømrer'): the company's own word without a profile. */
function tradeWord(company: TradeCompany): string {
  return writingProfile(
    findTrade({
      industryCode: company.industryCode,
      industryDesc: company.industryDesc,
      companyName: company.name,
    }),
  ).noun.singular;
}

/** Refuses an authorisation the company's trade is never offered (issue 48: a carpenter's
 *  `{"type":"el"}` was stored and shown). */
export function refuseAuthorisationOutsideTrade(
  company: TradeCompany,
  type: AuthorisationType | undefined,
): void {
  if (type === undefined) return;
  if (!authorisationsFor(companyTrade(company).id).includes(type)) {
    throw new AppError('invalid_input', TRUST_MESSAGES.authorisationNotForTrade(tradeWord(company)));
  }
}

type TrustBody = ReturnType<(typeof trustSettingsSchema)['parse']>;

/**
 * The body as the repository takes it; a municipality code the official list lacks is refused, and so
 * is an authorisation or a scheme the company's trade cannot have (issue 48; one saved before that is
 * refused too until the owner drops it, and the site shows it only once an operator checked it).
 */
export function toInput(body: TrustBody, company: TradeCompany): TrustSettingsInput {
  if (body.area.mode === 'municipalities' && body.area.codes.some((code) => municipality(code) === null)) {
    throw new AppError('invalid_input', TRUST_MESSAGES.municipalityUnknown);
  }
  refuseAuthorisationOutsideTrade(company, body.authorisation?.type);
  const offered = schemesFor(companyTrade(company).id) as readonly string[];
  const outside = body.schemes.find((id) => !offered.includes(id));
  if (outside !== undefined) {
    throw new AppError(
      'invalid_input',
      TRUST_MESSAGES.schemeNotForTrade(guaranteeScheme(outside)?.name ?? outside, tradeWord(company)),
    );
  }
  return {
    authorisation: body.authorisation,
    schemes: body.schemes,
    deductionShown: body.deductionShown,
    area: body.area,
    emergency: body.emergency,
  };
}

/** The draft as the stored settings would read after the save (the check kept for an unchanged number). */
export function draftSettings(stored: TrustSettings, input: TrustSettingsInput, now: Date): TrustSettings {
  const before = stored.authorisation;
  const after = input.authorisation;
  const same =
    before !== null && after !== null && before.type === after.type && before.number === after.number;
  return {
    authorisation:
      after === null
        ? null
        : {
            ...after,
            enteredAt: same ? before.enteredAt : now.toISOString(),
            checkedAt: same ? before.checkedAt : null,
          },
    schemes: [...input.schemes],
    schemesConfirmedAt: input.schemes.length > 0 ? now.toISOString() : null,
    schemesChecked: input.schemes.filter((id) => stored.schemesChecked.includes(id)),
    deductionShown: input.deductionShown,
    area: input.area,
    emergency: input.emergency,
  };
}
