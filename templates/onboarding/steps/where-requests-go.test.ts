// Onboarding says where the new site's quote requests go (issue 39): the login step's e-mail field
// says its hint where the address is typed (and the field is described by it), and the creation
// overlay names the very address typed. Rendered as the island's server render does, no browser.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CreatingOverlay } from './creating-overlay';
import { LoginStep } from './login-step';

/** The markup's text as a reader meets it: tags out, the few entities React writes decoded. */
function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

const noop = () => {};

function loginStep(email: string): string {
  return renderToStaticMarkup(
    createElement(LoginStep, {
      email,
      password: '',
      passwordRepeat: '',
      acceptPrivacy: false,
      creating: false,
      error: null,
      heading: undefined,
      onEdit: noop,
      onBack: noop,
      onSubmit: noop,
    }),
  );
}

describe('where requests go, in onboarding', () => {
  it("says at the login e-mail that the form's requests go there too, as the field's description", () => {
    const html = loginStep('ejer@hansen-tag.dk');
    const input = /<input[^>]*id="ob-email"[^>]*>/.exec(html)?.[0] ?? '';
    const described = /aria-describedby="([^"]+)"/.exec(input)?.[1] ?? '';
    expect(described).not.toBe('');
    const hint = new RegExp(`<p id="${described}"[^>]*>(.*?)</p>`).exec(html)?.[1] ?? '';
    expect(text(hint)).toBe(
      'Kundernes forespørgsler fra formularen "Få et tilbud" på hjemmesiden sendes også hertil. Du kan vælge en anden adresse senere.',
    );
  });

  it('names the typed address under the creation overlay, announced with the stages', () => {
    for (const stage of ['writing', 'publishing'] as const) {
      const html = renderToStaticMarkup(
        createElement(CreatingOverlay, { stage, heading: noop, email: 'ejer@hansen-tag.dk' }),
      );
      const status = /<div[^>]*role="status"[^>]*>(.*)<\/div>/s.exec(html)?.[1] ?? '';
      expect(text(status)).toContain(
        'Forespørgsler fra hjemmesidens formular "Få et tilbud" sendes til ejer@hansen-tag.dk.',
      );
      expect(status).toContain('<strong>ejer@hansen-tag.dk</strong>');
    }
  });
});
