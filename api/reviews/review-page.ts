// The pages a customer sees from a review link (issue 41): the form, the thank-you, "nej tak", the
// refusals of a used or expired link, and the customer's own delete page, each drawn as a branded
// page of the company's site (api/public-form/branded-page.ts: its header, its theme, the one
// escaper), without JavaScript, cookies or anything loaded from elsewhere.
import type { Company } from '../../db';
import { escapeHtml } from '../../rules/escape-html';
import { REVIEW_TEXT_MAX } from '../../rules/limits';
import {
  REVIEW_FIELDS,
  REVIEW_HONEYPOT_FIELD,
  type ReviewEmailField,
  type ReviewFieldErrors,
  type ReviewInput,
} from '../../rules/review-form';
import { REVIEW_MESSAGES } from '../../rules/review-messages';
import { REVIEWS_NOTE } from '../../rules/site-reviews';
import { brandedPage, describedBy, fieldError, messagePage } from '../public-form/branded-page';

/** The review form's own styles: the stars, the chips of the job, the consent box. */
const REVIEW_STYLE = `.stars{display:flex;flex-direction:row-reverse;justify-content:flex-end;gap:.25rem}.stars input{position:absolute;opacity:0;width:1px;height:1px}
.stars label{font-size:2.2rem;line-height:1;color:#9ca3af;cursor:pointer;padding:.1rem}
.stars input:checked~label,.stars label:hover,.stars label:hover~label{color:var(--pd)}
.stars input:focus-visible+label{outline:3px solid var(--pd);outline-offset:2px}
.chips{display:flex;flex-wrap:wrap;gap:.4rem}.chips label{border:1px solid #9ca3af;border-radius:999px;padding:.35rem .8rem;cursor:pointer}
.chips input{position:absolute;opacity:0;width:1px;height:1px}.chips input:checked+span{font-weight:700}
.chips label:has(input:checked){background:var(--ps);border-color:var(--pd)}.chips input:focus-visible+span{outline:3px solid var(--pd);outline-offset:2px}
.consent{display:flex;gap:.6rem;align-items:flex-start}.consent input{width:1.4rem;height:1.4rem;margin-top:.1rem}`;

const STAR_WORDS = ['', 'Meget utilfreds', 'Utilfreds', 'Okay', 'Tilfreds', 'Meget tilfreds'];

export interface ReviewFormPage {
  company: Company;
  /** The site's home page, as the customer reaches it on this host. */
  home: string;
  /** Where the form posts (the link's own address) and where "nej tak" posts. */
  action: string;
  declineAction: string;
  services: readonly string[];
  /** Whether the customer's own e-mail is asked (the request came by SMS; issue 48). */
  emailField: ReviewEmailField;
  values: ReviewInput;
  errors: ReviewFieldErrors;
}

/** The form: stars, the job (chips), the text, the name shown, consent; the refusals beside them. */
export function reviewFormPage(page: ReviewFormPage): string {
  const { values, errors } = page;
  const first = (['stars', 'service', 'text', 'author', 'email', 'consent'] as const).find(
    (key) => errors[key],
  );
  const emailHint =
    page.emailField === 'required'
      ? REVIEW_MESSAGES.customerEmailHintRequired
      : REVIEW_MESSAGES.customerEmailHintOptional;
  const emailField =
    page.emailField === 'none'
      ? ''
      : `<p><label class="field" for="email">${REVIEW_FIELDS.email}</label>
<input type="email" id="email" name="email" value="${escapeHtml(values.email)}" maxlength="254" autocomplete="email" inputmode="email"${page.emailField === 'required' ? ' required' : ''}${describedBy('email', errors.email, true)}${first === 'email' ? ' autofocus' : ''}>
<span class="hint" id="email-hint">${escapeHtml(emailHint)}</span>${fieldError('email', errors.email)}</p>
`;
  const stars = [5, 4, 3, 2, 1]
    .map(
      (n) =>
        `<input type="radio" id="stjerne-${n}" name="stars" value="${n}"${values.stars === n ? ' checked' : ''}${first === 'stars' && n === 5 ? ' autofocus' : ''} required><label for="stjerne-${n}" title="${STAR_WORDS[n]}">★<span class="hp">${n} ${n === 1 ? 'stjerne' : 'stjerner'}, ${STAR_WORDS[n]}</span></label>`,
    )
    .join('');
  const chips = page.services
    .map(
      (service, index) =>
        `<label><input type="radio" name="service" value="${escapeHtml(service)}"${values.service === service ? ' checked' : ''}${first === 'service' && index === 0 ? ' autofocus' : ''}><span>${escapeHtml(service)}</span></label>`,
    )
    .join('');
  const main = `<h1>Hvordan gik det med ${escapeHtml(page.company.name)}?</h1>
<p>Det tager et minut. Din anmeldelse bliver vist på hjemmesiden, uanset hvor mange stjerner du giver.</p>
${fieldError('formular', errors.form)}
<form method="post" action="${escapeHtml(page.action)}" accept-charset="utf-8" novalidate>
<div class="hp" aria-hidden="true"><label>Hjemmeside <input type="text" name="${REVIEW_HONEYPOT_FIELD}" tabindex="-1" autocomplete="off"></label></div>
<fieldset${describedBy('stjerner', errors.stars)}><legend>${REVIEW_FIELDS.stars}</legend><div class="stars">${stars}</div>${fieldError('stjerner', errors.stars)}</fieldset>
${
  page.services.length > 0
    ? `<fieldset${describedBy('opgave', errors.service, true)}><legend>${REVIEW_FIELDS.service}</legend><p class="hint" id="opgave-hint">Valgfrit</p><div class="chips">${chips}</div>${fieldError('opgave', errors.service)}</fieldset>`
    : ''
}
<p><label class="field" for="tekst">${REVIEW_FIELDS.text}</label>
<textarea id="tekst" name="text" rows="5" maxlength="${REVIEW_TEXT_MAX}"${describedBy('tekst', errors.text, true)}${first === 'text' ? ' autofocus' : ''}>${escapeHtml(values.text)}</textarea>
<span class="hint" id="tekst-hint">Valgfrit, højst ${REVIEW_TEXT_MAX.toLocaleString('da-DK')} tegn.</span>${fieldError('tekst', errors.text)}</p>
<p><label class="field" for="navn">${REVIEW_FIELDS.author}</label>
<input type="text" id="navn" name="author" value="${escapeHtml(values.author)}" maxlength="80" autocomplete="off"${describedBy('navn', errors.author, true)}${first === 'author' ? ' autofocus' : ''}>
<span class="hint" id="navn-hint">Vi foreslår fornavn, forbogstav og by. Du kan skrive dit fulde navn, hvis du hellere vil det.</span>${fieldError('navn', errors.author)}</p>
${emailField}<p class="consent"><input type="checkbox" id="samtykke" name="consent" value="ja"${values.consent ? ' checked' : ''}${describedBy('samtykke', errors.consent)}${first === 'consent' ? ' autofocus' : ''}><label for="samtykke">${REVIEW_FIELDS.consent}</label></p>
${fieldError('samtykke', errors.consent)}
<p><button type="submit">Send anmeldelse</button></p>
</form>
<form method="post" action="${escapeHtml(page.declineAction)}"><p><button type="submit" class="plain">Nej tak, jeg vil ikke skrive en anmeldelse</button></p></form>
<p class="note">${escapeHtml(REVIEWS_NOTE)} Siden sætter ingen cookies.</p>`;
  return brandedPage({
    company: page.company,
    home: page.home,
    title: 'Skriv en anmeldelse',
    main,
    style: REVIEW_STYLE,
  });
}

/** A page with a heading and a line: the thank-you, "nej tak", a refused link, a deletion. */
export function reviewMessagePage(company: Company, home: string, heading: string, text: string): string {
  return messagePage(company, home, heading, text);
}

/** The confirmation page: one button, so a mail scanner opening the link confirms nothing. */
export function reviewConfirmPage(company: Company, home: string, action: string): string {
  return brandedPage({
    company,
    home,
    title: 'Bekræft anmeldelse',
    main: `<h1>Bekræft din anmeldelse</h1>\n<p>${escapeHtml(REVIEW_MESSAGES.confirmAsk)}</p>\n<form method="post" action="${escapeHtml(action)}"><p><button type="submit">Bekræft anmeldelsen</button></p></form>`,
  });
}

/** The customer's delete page: one button, so a mail scanner opening the link deletes nothing. */
export function reviewDeletePage(company: Company, home: string, action: string): string {
  return brandedPage({
    company,
    home,
    title: 'Slet anmeldelse',
    main: `<h1>Slet din anmeldelse</h1>\n<p>${escapeHtml(REVIEW_MESSAGES.deleteConfirm)}</p>\n<form method="post" action="${escapeHtml(action)}"><p><button type="submit">Slet anmeldelsen</button></p></form>`,
  });
}
