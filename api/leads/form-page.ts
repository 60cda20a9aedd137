// The page a visitor without JavaScript gets when the site's quote form refuses a post: the same
// fields, filled with what they typed, the Danish refusal beside each field, and a fresh token, so
// one more press of "Send" is all it takes. Everything the visitor typed is escaped: it is text here.
import {
  LEAD_FIELDS,
  LEAD_HONEYPOT_FIELD,
  LEAD_PHOTOS_FIELD,
  LEAD_PHOTOS_LABEL,
  LEAD_TOKEN_FIELD,
  type LeadFieldErrors,
  type LeadInput,
} from '../../rules/lead-form';
import { LEAD_MAX_PHOTOS, LEAD_MESSAGE_MAX } from '../../rules/limits';
import { LEAD_MESSAGES } from '../../rules/messages';

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface FormPageInput {
  companyName: string;
  /** `/<cvr>` on the main host, '' on the company's own host. */
  base: string;
  action: string;
  token: string;
  values: LeadInput;
  errors: LeadFieldErrors;
}

function field(name: keyof typeof LEAD_FIELDS, input: FormPageInput, attributes: string): string {
  const error = input.errors[name];
  const id = `lead-${name}`;
  const described = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';
  const control =
    name === 'message'
      ? `<textarea id="${id}" name="${name}" rows="6" maxlength="${LEAD_MESSAGE_MAX}"${described}>${escapeHtml(input.values.message)}</textarea>`
      : `<input id="${id}" name="${name}" value="${escapeHtml(input.values[name])}" ${attributes}${described}>`;
  return [
    `<p class="field"><label for="${id}">${escapeHtml(LEAD_FIELDS[name])}</label>`,
    control,
    error ? `<span class="error" id="${id}-error">${escapeHtml(error)}</span>` : '',
    '</p>',
  ].join('');
}

export function leadFormPage(input: FormPageInput): string {
  const general = input.errors.form ?? input.errors.photos;
  const name = escapeHtml(input.companyName);
  return `<!doctype html>
<html lang="da"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Få et tilbud – ${name}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:0 auto;padding:1rem;line-height:1.5;color:#1c1917}
label{display:block;font-weight:600}input:not(.file-input),textarea{width:100%;box-sizing:border-box;padding:.6rem;font:inherit;border:1px solid #78716c;border-radius:.4rem}
.file-input{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap;border:0}
.file-button{display:inline-block;margin:.25rem 0 .5rem;padding:.6rem 1.1rem;border:2px solid #1c1917;border-radius:.4rem;cursor:pointer}
.file-input:focus-visible+.file-button{outline:3px solid #1c1917;outline-offset:2px}.file span{display:block}
.error{display:block;color:#b91c1c;font-weight:600}.field{margin:0 0 1rem}.hp{position:absolute;left:-10000px}
button{padding:.8rem 1.4rem;font:inherit;font-weight:700;background:#1c1917;color:#fff;border:0;border-radius:.4rem}</style>
</head><body><main>
<p><a href="${escapeHtml(input.base)}/">← ${name}</a></p>
<h1>Få et tilbud</h1>
${general ? `<p class="error" role="alert">${escapeHtml(general)}</p>` : ''}
<form method="post" action="${escapeHtml(input.action)}" enctype="multipart/form-data" novalidate>
<input type="hidden" name="${LEAD_TOKEN_FIELD}" value="${escapeHtml(input.token)}">
<p class="hp" aria-hidden="true"><label>Lad dette felt være tomt <input name="${LEAD_HONEYPOT_FIELD}" tabindex="-1" autocomplete="off"></label></p>
${field('name', input, 'autocomplete="name" required')}
${field('phone', input, 'type="tel" autocomplete="tel"')}
${field('email', input, 'type="email" autocomplete="email"')}
${field('postcode', input, 'inputmode="numeric" autocomplete="postal-code" maxlength="4" required')}
${field('message', input, '')}
<p class="field file"><label id="lead-photos-label" for="lead-photos">${escapeHtml(LEAD_PHOTOS_LABEL)}</label>
<input id="lead-photos" class="file-input" type="file" name="${LEAD_PHOTOS_FIELD}" accept="image/jpeg,image/png,image/webp,image/avif" multiple aria-labelledby="lead-photos-label" aria-describedby="lead-photos-hint">
<label class="file-button" for="lead-photos">${escapeHtml(LEAD_MESSAGES.photosButton)}</label>
<span id="lead-photos-hint">Højst ${LEAD_MAX_PHOTOS} billeder. Vælg dem igen, hvis du vil sende dem med.</span></p>
<p>${escapeHtml(LEAD_MESSAGES.privacyLine)} <a href="${escapeHtml(input.base)}/privatliv">${escapeHtml(LEAD_MESSAGES.privacyLink)}</a>.</p>
<button type="submit">Send forespørgsel</button>
</form></main></body></html>`;
}
