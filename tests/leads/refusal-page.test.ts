// The quote form's refusal without JavaScript is a page of the site (issue 39): the site's contact
// page rendered by the site's templates (header, menu, colours, the site's field order, footer), with
// the site pages' Content-Security-Policy, the visitor's text kept and escaped, each refusal beside its
// field (one that is not about a field right above the button), the first refused field focused, the
// site's links working from the answer's /api address, and never indexed or cached. Through the whole
// app on a fresh SQLite store.
import { afterEach, beforeEach, describe, expect } from 'vitest';
import { insertPage, listLeads, updateCompany } from '../../db';
import { CONTENT_SECURITY_POLICY } from '../../rules/content-security-policy';
import { LEAD_MESSAGES } from '../../rules/lead-messages';
import { getTheme } from '../../rules/themes';
import { type ApiHarness, createApiHarness, type Owner } from '../api/api-harness';
import { itRenders } from '../support/lane';

let h: ApiHarness;
let owner: Owner;
const CVR = '31313131';

beforeEach(async () => {
  h = await createApiHarness();
  owner = await h.createOwner(CVR, 'Tagdækker Hansen ApS', 'ejer@hansen-tag.dk');
  await updateCompany(h.db, CVR, { phone: '20304050', theme: 'green' });
});
afterEach(async () => {
  await h.close();
});

const visitor = {
  name: 'Mette Ørsted',
  phone: '20 30 40 50',
  email: 'mette@',
  postcode: '4600',
  message: 'Hej <script>alert(1)</script> & "tak"',
};

async function token(host?: string): Promise<string> {
  const response = await h.send(
    'GET',
    `/api/sites/${CVR}/lead-token`,
    host ? { headers: { Host: host } } : {},
  );
  const { token } = (await response.json()) as { token: string };
  h.advance(5_000);
  return token;
}

/** A form post as a browser without JavaScript sends it. */
function post(values: Record<string, string>, host?: string) {
  const body = new FormData();
  for (const [key, value] of Object.entries(values)) body.append(key, value);
  const headers: Record<string, string> = host ? { Host: host, Origin: `http://${host}` } : {};
  return h.send('POST', `/api/sites/${CVR}/leads`, {
    body,
    headers,
    env: { incoming: { socket: { remoteAddress: '203.0.113.9' } } },
  });
}

/** Every href of the page. */
function hrefs(html: string): string[] {
  return [...html.matchAll(/ href="([^"]*)"/g)].map(([, href = '']) => href);
}

describe('the refusal page without JavaScript', () => {
  itRenders(
    "is the site's contact page with the visitor's text, the refusal beside its field, the site's CSP",
    async () => {
      const answer = await post({ ...visitor, token: await token() });
      expect(answer.status).toBe(400);
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(answer.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      expect(answer.headers.get('x-robots-tag')).toBe('noindex');
      expect(answer.headers.get('cache-control')).toBe('no-store');
      const html = await answer.text();

      // A page of the site: its header and menu, colours, contact section and footer.
      expect(html).toContain('<header class="site-header">');
      expect(html).toContain('<span class="brand-name">Tagdækker Hansen ApS</span>');
      const colors = getTheme('green').colors;
      expect(html).toContain(`--primary:${colors.primary};--primary-dark:${colors.primaryDark};`);
      expect(html).toMatch(/<h1[^>]*>Kontakt os<\/h1>/);
      expect(html).toContain('<section id="kontakt"');
      expect(html).toContain('<footer class="site-footer">');

      // The site's field order, the text kept (as text), the refusal beside the e-mail, focused.
      const order = [...html.matchAll(/<(?:input|textarea) id="lead-([a-z]+)"/g)].map(([, field]) => field);
      expect(order).toEqual(['name', 'phone', 'email', 'postcode', 'message', 'photos']);
      expect(html).toContain('value="Mette Ørsted"');
      expect(html).toContain('value="mette@"');
      expect(html).toContain('Hej &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;tak&quot;</textarea>');
      expect(html).not.toContain('<script>alert');
      expect(html).toMatch(
        /<input id="lead-email"[^>]*aria-invalid="true"[^>]*autofocus[^>]*><span class="lead-error" id="lead-email-error">Skriv en gyldig e-mail<\/span>/,
      );
      expect(html.match(/ autofocus/g)).toHaveLength(1);
      // A fresh token for the next press of Send, not the page's.
      expect(/name="token" value="(\d{13}\.[^"]+)"/.exec(html)?.[1]).not.toMatch(/\.p\./);
      expect(await listLeads(h.db, CVR)).toEqual([]);

      // Its links lead into the site from the /api address it is served at; the page's own stay.
      const links = hrefs(html);
      expect(links).toContain(`/${CVR}/`);
      expect(links).toContain(`/${CVR}/om-os`);
      expect(links).toContain(`/${CVR}/kontakt`);
      expect(links).toContain(`/${CVR}/privatliv`);
      expect(links).toContain('#main');
      for (const href of links) expect(href, href).toMatch(/^(\/|#|https?:|tel:|mailto:|data:)/);
    },
  );

  itRenders('shows a refusal that is not about one field right above the button, focused', async () => {
    const answer = await post({ ...visitor, email: 'mette@example.dk', token: 'forfalsket' });
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toContain(
      `<p class="lead-error lead-error-form" id="lead-form-error" role="alert" tabindex="-1" autofocus>${LEAD_MESSAGES.tokenRefused}</p> <p class="lead-send"><button class="button" type="submit">Send forespørgsel</button></p>`,
    );
    expect(html.match(/ autofocus/g)).toHaveLength(1);
    expect(html).toContain('value="mette@example.dk"');
  });

  itRenders("links the site's paths on its own host, and shows the owner's own Kontakt page", async () => {
    await insertPage(h.db, CVR, { pageName: 'Kontakt', content: 'Vi træffes bedst om morgenen.' }, h.now());
    const host = `${owner.company.subdomain}.localhost:3000`;
    const answer = await post({ ...visitor, postcode: '', token: await token(host) }, host);
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toContain('Vi træffes bedst om morgenen.');
    expect(html).toContain(LEAD_MESSAGES.postcodeInvalid);
    const links = hrefs(html);
    expect(links).toContain('/');
    expect(links).toContain('/om-os');
    expect(links.filter((href) => href === '/kontakt')).toHaveLength(2); // the menu and the footer
    expect(links.some((href) => href.startsWith(`/${CVR}`))).toBe(false);
  });
});
