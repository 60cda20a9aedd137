// The pages a customer sees from a review link (issue 41): the form, the thank-you, "nej tak", the
// refusals of a used or expired link, and the customer's own delete page. Each is a page of the
// company's site to the eye (its name and logo in the header linking home, its theme's colours), but
// plain HTML written here, without JavaScript, cookies or anything loaded from elsewhere, so it works
// on any phone and is small. Every value is escaped on the way in; nothing a customer or an owner
// typed can become markup. Styles are inline (the sites' Content-Security-Policy allows them).
import type { Company } from '../../db';
import { escapeHtml } from '../../rules/escape-html';
import { safeImageSrc } from '../../rules/images';
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
import { getTheme } from '../../rules/themes';

const STAR_WORDS = ['', 'Meget utilfreds', 'Utilfreds', 'Okay', 'Tilfreds', 'Meget tilfreds'];

function layout(company: Company, home: string, title: string, main: string, footer = true): string {
  const colors = getTheme(company.theme).colors;
  const logo = safeImageSrc(company.logo);
  const brand =
    logo !== null
      ? `<img src="${escapeHtml(logo)}" alt="" width="40" height="40">`
      : `<span class="initial" aria-hidden="true">${escapeHtml(company.name.trim().charAt(0).toUpperCase())}</span>`;
  return `<!DOCTYPE html>
<html lang="da">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} – ${escapeHtml(company.name)}</title>
<style>
:root{--p:${colors.primary};--pd:${colors.primaryDark};--ps:${colors.primarySoft};--op:${colors.onPrimary}}
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#fff}
header{background:var(--pd);color:#fff}header a{display:flex;gap:.6rem;align-items:center;color:inherit;text-decoration:none;font-weight:700;padding:.8rem 1rem;max-width:40rem;margin:0 auto}
header img{border-radius:.4rem;background:#fff}.initial{display:inline-grid;place-items:center;width:40px;height:40px;border-radius:.4rem;background:var(--p);color:var(--op)}
main{max-width:40rem;margin:0 auto;padding:1rem}h1{font-size:1.5rem;line-height:1.25;margin:.5rem 0 1rem}
fieldset{border:0;margin:0 0 1.25rem;padding:0}legend,label.field{display:block;font-weight:600;margin-bottom:.35rem}
.stars{display:flex;flex-direction:row-reverse;justify-content:flex-end;gap:.25rem}.stars input{position:absolute;opacity:0;width:1px;height:1px}
.stars label{font-size:2.2rem;line-height:1;color:#9ca3af;cursor:pointer;padding:.1rem}
.stars input:checked~label,.stars label:hover,.stars label:hover~label{color:var(--pd)}
.stars input:focus-visible+label{outline:3px solid var(--pd);outline-offset:2px}
.chips{display:flex;flex-wrap:wrap;gap:.4rem}.chips label{border:1px solid #9ca3af;border-radius:999px;padding:.35rem .8rem;cursor:pointer}
.chips input{position:absolute;opacity:0;width:1px;height:1px}.chips input:checked+span{font-weight:700}
.chips label:has(input:checked){background:var(--ps);border-color:var(--pd)}.chips input:focus-visible+span{outline:3px solid var(--pd);outline-offset:2px}
textarea,input[type=text],input[type=email]{width:100%;font:inherit;padding:.6rem;border:1px solid #6b7280;border-radius:.4rem}
.hint{font-size:.9rem;color:#4b5563;margin:.25rem 0 0}.error{color:#b91c1c;font-weight:600;margin:.3rem 0 0}
.consent{display:flex;gap:.6rem;align-items:flex-start}.consent input{width:1.4rem;height:1.4rem;margin-top:.1rem}
button{font:inherit;font-weight:700;border:0;border-radius:.5rem;padding:.8rem 1.4rem;background:var(--pd);color:#fff;cursor:pointer;min-height:48px}
a.button{display:inline-block;font-weight:700;border-radius:.5rem;padding:.8rem 1.4rem;background:var(--pd);color:#fff;text-decoration:none;min-height:48px}
a.button:focus-visible{outline:3px solid var(--pd);outline-offset:2px}
button.plain{background:none;color:var(--pd);text-decoration:underline;padding:.5rem 0}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.note{background:#f3f4f6;border-radius:.5rem;padding:.8rem 1rem;font-size:.95rem}
footer{max-width:40rem;margin:2rem auto 0;padding:1rem;border-top:1px solid #e5e7eb;font-size:.95rem}footer a{color:var(--pd)}
</style>
</head>
<body>
<header><a href="${escapeHtml(home)}">${brand}<span>${escapeHtml(company.name)}</span></a></header>
<main>
${main}
</main>
${footer ? `<footer><a href="${escapeHtml(home)}">Til forsiden af ${escapeHtml(company.name)}</a></footer>\n` : ''}</body>
</html>
`;
}

function fieldError(id: string, message: string | undefined): string {
  return message ? `<p class="error" id="${id}-fejl">${escapeHtml(message)}</p>` : '';
}

function describedBy(id: string, message: string | undefined, hint = false): string {
  const ids = [hint ? `${id}-hint` : '', message ? `${id}-fejl` : ''].filter(Boolean).join(' ');
  return ids ? ` aria-describedby="${ids}"` : '';
}

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
  return layout(page.company, page.home, 'Skriv en anmeldelse', main);
}

/**
 * A page with a heading and a line: the thank-you, "nej tak", a refused link, a deletion. Its one way
 * on is a button-styled link to the site (the footer's link would say the same again, so it is left
 * out here; issue 49).
 */
export function reviewMessagePage(company: Company, home: string, heading: string, text: string): string {
  return layout(
    company,
    home,
    heading,
    `<h1>${escapeHtml(heading)}</h1>\n<p>${escapeHtml(text)}</p>\n<p><a class="button" href="${escapeHtml(home)}">Til forsiden af ${escapeHtml(company.name)}</a></p>`,
    false,
  );
}

/** The confirmation page: one button, so a mail scanner opening the link confirms nothing. */
export function reviewConfirmPage(company: Company, home: string, action: string): string {
  return layout(
    company,
    home,
    'Bekræft anmeldelse',
    `<h1>Bekræft din anmeldelse</h1>\n<p>${escapeHtml(REVIEW_MESSAGES.confirmAsk)}</p>\n<form method="post" action="${escapeHtml(action)}"><p><button type="submit">Bekræft anmeldelsen</button></p></form>`,
  );
}

/** The customer's delete page: one button, so a mail scanner opening the link deletes nothing. */
export function reviewDeletePage(company: Company, home: string, action: string): string {
  return layout(
    company,
    home,
    'Slet anmeldelse',
    `<h1>Slet din anmeldelse</h1>\n<p>${escapeHtml(REVIEW_MESSAGES.deleteConfirm)}</p>\n<form method="post" action="${escapeHtml(action)}"><p><button type="submit">Slet anmeldelsen</button></p></form>`,
  );
}
