// The Troværdighed tab's live preview shows what the owner has filled in so far (issue 49: a red
// "Skriv autorisationsnummeret" stood in the preview while the number was still being typed). A part
// the API would refuse yet — an empty or half-typed number, a scheme not confirmed, a municipality
// list still empty, a døgnvagt without its phone — is left out of the preview's body instead, so the
// preview shows the rest; the field's own refusal comes when the owner saves.
import { type TrustSettingsBody, trustSettingsSchema } from '../../../../contracts/trust';

type Part = keyof TrustSettingsBody;

/** What a refused part is previewed as: not shown. */
function withoutPart(body: TrustSettingsBody, part: Part): TrustSettingsBody {
  switch (part) {
    case 'authorisation':
      return { ...body, authorisation: null };
    case 'schemes':
    case 'schemesConfirmed':
      return { ...body, schemes: [], schemesConfirmed: false };
    case 'area':
      return { ...body, area: { mode: 'none' } };
    case 'emergency':
      return { ...body, emergency: { ...body.emergency, enabled: false, phone: '' } };
    case 'deductionShown':
      return { ...body, deductionShown: false };
  }
}

/** The body to preview: the form's body with every part the API would refuse left out. */
export function trustPreviewBody(body: TrustSettingsBody): TrustSettingsBody {
  let current = body;
  // A refusal of the whole (schemes not confirmed) shows only once the parts pass: a few rounds.
  for (let round = 0; round < 4; round++) {
    const parsed = trustSettingsSchema.safeParse(current);
    if (parsed.success) return current;
    const parts = new Set(parsed.error.issues.map((issue) => issue.path[0]));
    const known = [...parts].filter((part): part is Part => typeof part === 'string' && part in current);
    if (known.length === 0) return current;
    for (const part of known) current = withoutPart(current, part);
  }
  return current;
}
