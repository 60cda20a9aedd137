// THE way to draw a company-branded page outside the static build (issue 50): a public form's page
// (the review form, the throwaway form of tests/api/public-form.test.ts, the coming tilbud-accept and
// booking pages), its thank-you, a link that expired or was used. Each is a page of the company's
// site to the eye: its header (logo, or its initial, and its name, linking home) and its theme's
// colours (rules/themes.ts), with plain HTML written here, without JavaScript, cookies or anything
// loaded from elsewhere, so it works on any phone, is small, and renders in the quick lane (no built
// templates, no render thread). Every value goes through the one escaper (rules/escape-html.ts):
// `main` is markup the caller built with it; everything else is text. Styles are inline (the sites'
// Content-Security-Policy allows them). The quote form's refusal page is the one exception: it is the
// site's own contact page with the form again, so it renders through the templates
// (api/leads/refusal-page.ts).
import type { Company } from '../../db';
import { escapeHtml } from '../../rules/escape-html';
import { safeImageSrc } from '../../rules/images';
import { getTheme } from '../../rules/themes';

/** The styles every branded page has: header, text, fields, refusals, buttons, the honeypot, footer. */
const BASE_STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#fff}
header{background:var(--pd);color:#fff}header a{display:flex;gap:.6rem;align-items:center;color:inherit;text-decoration:none;font-weight:700;padding:.8rem 1rem;max-width:40rem;margin:0 auto}
header img{border-radius:.4rem;background:#fff}.initial{display:inline-grid;place-items:center;width:40px;height:40px;border-radius:.4rem;background:var(--p);color:var(--op)}
main{max-width:40rem;margin:0 auto;padding:1rem}h1{font-size:1.5rem;line-height:1.25;margin:.5rem 0 1rem}
fieldset{border:0;margin:0 0 1.25rem;padding:0}legend,label.field{display:block;font-weight:600;margin-bottom:.35rem}
textarea,input[type=text],input[type=email],input[type=tel]{width:100%;font:inherit;padding:.6rem;border:1px solid #6b7280;border-radius:.4rem}
.hint{font-size:.9rem;color:#4b5563;margin:.25rem 0 0}.error{color:#b91c1c;font-weight:600;margin:.3rem 0 0}
button{font:inherit;font-weight:700;border:0;border-radius:.5rem;padding:.8rem 1.4rem;background:var(--pd);color:#fff;cursor:pointer;min-height:48px}
a.button{display:inline-block;font-weight:700;border-radius:.5rem;padding:.8rem 1.4rem;background:var(--pd);color:#fff;text-decoration:none;min-height:48px}
a.button:focus-visible{outline:3px solid var(--pd);outline-offset:2px}
button.plain{background:none;color:var(--pd);text-decoration:underline;padding:.5rem 0}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.note{background:#f3f4f6;border-radius:.5rem;padding:.8rem 1rem;font-size:.95rem}
footer{max-width:40rem;margin:2rem auto 0;padding:1rem;border-top:1px solid #e5e7eb;font-size:.95rem}footer a{color:var(--pd)}`;

export interface BrandedPage {
  company: Company;
  /** The site's home page, as the visitor reaches it on this host. */
  home: string;
  /** The page's title (text): "<title> – <company>". */
  title: string;
  /** The page's body, markup built with escapeHtml. */
  main: string;
  /** More styles of this page's own (trusted, written in code). */
  style?: string;
  /** The footer's link home (false on a page whose one way on already is that link). */
  footer?: boolean;
}

/** The document around a page's body: Danish, for phones, never indexed, the styles inline. */
function htmlDocument(title: string, colors: string, style: string | undefined, body: string): string {
  return `<!DOCTYPE html>
<html lang="da">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>
:root{${colors}}
${BASE_STYLE}${style ? `\n${style}` : ''}
</style>
</head>
<body>
${body}</body>
</html>
`;
}

/** A page of the company's site: its header and theme around `main`. */
export function brandedPage(page: BrandedPage): string {
  const { company, home } = page;
  const colors = getTheme(company.theme).colors;
  const logo = safeImageSrc(company.logo);
  const brand =
    logo !== null
      ? `<img src="${escapeHtml(logo)}" alt="" width="40" height="40">`
      : `<span class="initial" aria-hidden="true">${escapeHtml(company.name.trim().charAt(0).toUpperCase())}</span>`;
  const footer =
    page.footer === false
      ? ''
      : `<footer><a href="${escapeHtml(home)}">Til forsiden af ${escapeHtml(company.name)}</a></footer>\n`;
  return htmlDocument(
    `${escapeHtml(page.title)} – ${escapeHtml(company.name)}`,
    `--p:${colors.primary};--pd:${colors.primaryDark};--ps:${colors.primarySoft};--op:${colors.onPrimary}`,
    page.style,
    `<header><a href="${escapeHtml(home)}">${brand}<span>${escapeHtml(company.name)}</span></a></header>
<main>
${page.main}
</main>
${footer}`,
  );
}

/**
 * A page with a heading and a line: a thank-you, a refused or expired link. Its one way on is a
 * button-styled link to the site (the footer's link would say the same again; issue 49).
 */
export function messagePage(company: Company, home: string, heading: string, text: string): string {
  return brandedPage({
    company,
    home,
    title: heading,
    main: `<h1>${escapeHtml(heading)}</h1>\n<p>${escapeHtml(text)}</p>\n<p><a class="button" href="${escapeHtml(home)}">Til forsiden af ${escapeHtml(company.name)}</a></p>`,
    footer: false,
  });
}

/**
 * A heading and a line on no company's page: a link that names no company of this host (another
 * company's path on a company's own host, a CVR that is no company's). Nothing of any company is
 * shown, in neutral colours.
 */
export function plainMessagePage(heading: string, text: string): string {
  return htmlDocument(
    escapeHtml(heading),
    '--p:#374151;--pd:#1f2937;--ps:#f3f4f6;--op:#fff',
    undefined,
    `<main>\n<h1>${escapeHtml(heading)}</h1>\n<p>${escapeHtml(text)}</p>\n</main>\n`,
  );
}

/** A field's refusal, beside it (`<id>-fejl`, which the field's aria-describedby names). */
export function fieldError(id: string, message: string | undefined): string {
  return message ? `<p class="error" id="${id}-fejl">${escapeHtml(message)}</p>` : '';
}

/** The aria-describedby of a field: its hint (`<id>-hint`) and its refusal. */
export function describedBy(id: string, message: string | undefined, hint = false): string {
  const ids = [hint ? `${id}-hint` : '', message ? `${id}-fejl` : ''].filter(Boolean).join(' ');
  return ids ? ` aria-describedby="${ids}"` : '';
}
