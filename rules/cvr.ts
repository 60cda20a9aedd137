// The Danish company registration number (CVR): exactly 8 ASCII digits; users may type spaces.

export const CVR_LENGTH = 8;

const CVR_PATTERN = /^[0-9]{8}$/;

// \s covers tabs, NBSP and the other Unicode spaces that arrive when a CVR is pasted from a PDF.
export function normalizeCvr(input: string): string | null {
  if (typeof input !== 'string') return null;
  const stripped = input.replace(/\s/g, '');
  return CVR_PATTERN.test(stripped) ? stripped : null;
}

export function isValidCvr(input: string): boolean {
  return normalizeCvr(input) !== null;
}
