// The Troværdighed tab's body as the repository takes it, and as the stored settings would read after
// the save (for the live preview), shared by the save and the preview routes (issue 42).
import type { trustSettingsSchema } from '../../contracts/trust';
import type { TrustSettings, TrustSettingsInput } from '../../db';
import { AppError } from '../../lib/errors';
import { municipality } from '../../rules/municipalities';
import { TRUST_MESSAGES } from '../../rules/trust-messages';

type TrustBody = ReturnType<(typeof trustSettingsSchema)['parse']>;

/** The body as the repository takes it; a municipality code the official list lacks is refused. */
export function toInput(body: TrustBody): TrustSettingsInput {
  if (body.area.mode === 'municipalities' && body.area.codes.some((code) => municipality(code) === null)) {
    throw new AppError('invalid_input', TRUST_MESSAGES.municipalityUnknown);
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
    deductionShown: input.deductionShown,
    area: input.area,
    emergency: input.emergency,
  };
}
