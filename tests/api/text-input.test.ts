// Text fields on SQLite and PostgreSQL alike (rules/text.ts): a NUL or another control character is a
// clear Danish 400 on both, never a 500 on PostgreSQL and never stored on SQLite; tab and newline are
// kept where text has lines (page content, gallery descriptions, the contact message). Invisible
// formatting characters (a bidi override, a zero-width space) are removed wherever text arrives, from
// owners and from visitors alike (issue 39).
import { afterEach, expect, it } from 'vitest';
import { findCompanyByCvr, findPage, listContactMessages, listImages, listLeads } from '../../db';
import { MESSAGES } from '../../rules/messages';
import { solidImage, uploadForm } from '../fixtures/images/make-images';
import { describeEachDialect } from '../support/databases';
import { type ApiHarness, createApiHarness, errorOf, type Owner } from './api-harness';

const CVR = '12345678';
const NUL = '\u0000';
const RLO = '\u202e';
const PDF = '\u202c';
const RLI = '\u2067';
const PDI = '\u2069';
const ZWSP = '\u200b';

describeEachDialect('text input', (use) => {
  let h: ApiHarness | undefined;

  async function start(): Promise<{ h: ApiHarness; owner: Owner; cookie: string }> {
    h = await createApiHarness({}, { database: use() });
    const owner = await h.createOwner(CVR, 'Hansens Tømrer ApS');
    const cookie = await h.signIn(owner.email);
    return { h, owner, cookie };
  }

  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('refuses a NUL or another control character in every kind of text field with one Danish 400', async () => {
    const { h, owner, cookie } = await start();
    const page = `/api/pages/${owner.homepage.id}`;
    const refused: [string, string, unknown][] = [
      ['PUT', page, { title: `Tag${NUL}arbejde` }],
      ['PUT', page, { content: `Første linje\n${NUL}` }],
      ['PUT', page, { content: 'Escape \u001b[31m rød' }],
      ['PUT', page, { gallery: [{ title: 'Tag', description: `Før${NUL}efter` }] }],
      ['PUT', page, { metaDescription: 'Klokke \u0007' }],
      ['POST', '/api/pages', { pageName: `Ny${NUL}side` }],
      ['PUT', '/api/company/settings', { address: `Hovedgaden 1${NUL}` }],
      ['PUT', '/api/company/settings', { hours: { monday: `8-16${NUL}` } }],
      ['PUT', '/api/company/settings', { socialMedia: { facebook: `facebook.com/x${NUL}` } }],
    ];
    for (const [method, path, body] of refused) {
      const response = await h.send(method, path, { cookie, body });
      expect({ path, body, status: response.status }).toEqual({ path, body, status: 400 });
      expect(await errorOf(response)).toEqual({ code: 'invalid_input', message: MESSAGES.controlCharacters });
    }
    expect(await findPage(h.db, CVR, owner.homepage.id)).toEqual(owner.homepage);
    expect((await findCompanyByCvr(h.db, CVR))?.address).toBe(owner.company.address);
  });

  it('refuses a body that is not UTF-8 with a Danish 400 instead of storing U+FFFD (issue 23)', async () => {
    const { h, owner, cookie } = await start();
    const bytes = (...parts: (string | number[])[]) =>
      Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))));
    const refused: [string, string, Uint8Array, string | undefined][] = [
      ['PUT', `/api/pages/${owner.homepage.id}`, bytes('{"title":"Tag', [0xff], 'arbejde"}'), cookie],
      // A lone continuation byte, and a two-byte sequence cut short.
      ['PUT', `/api/pages/${owner.homepage.id}`, bytes('{"content":"', [0x80], '"}'), cookie],
      ['PUT', '/api/company/settings', bytes('{"address":"Hovedgaden ', [0xc3], '"}'), cookie],
      [
        'POST',
        '/api/sendContactEmail',
        bytes('{"name":"S', [0xf8], 'ren","email":"s@example.dk","message":"Hej"}'),
        undefined,
      ],
    ];
    for (const [method, path, body, withCookie] of refused) {
      const response = await h.send(method, path, { body, ...(withCookie ? { cookie: withCookie } : {}) });
      expect({ path, status: response.status }).toEqual({ path, status: 400 });
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await errorOf(response)).toEqual({ code: 'invalid_input', message: MESSAGES.invalidEncoding });
    }
    expect(await findPage(h.db, CVR, owner.homepage.id)).toEqual(owner.homepage);
    expect((await findCompanyByCvr(h.db, CVR))?.address).toBe(owner.company.address);
    expect(await listContactMessages(h.db)).toEqual([]);

    // The same text as valid UTF-8 is saved, letters like æ, ø and å included.
    const fine = await h.send('PUT', `/api/pages/${owner.homepage.id}`, {
      cookie,
      body: bytes('{"title":"Tagarbejde på Fanø"}'),
    });
    expect(fine.status).toBe(200);
    expect((await findPage(h.db, CVR, owner.homepage.id))?.title).toBe('Tagarbejde på Fanø');
  });

  it('refuses control characters on the public forms and at login, too', async () => {
    const { h, owner } = await start();
    const contact = await h.send('POST', '/api/sendContactEmail', {
      body: { name: 'Søren', email: 'soeren@example.dk', message: `Hej${NUL}` },
    });
    expect(contact.status).toBe(400);
    expect((await errorOf(contact)).message).toBe(MESSAGES.controlCharacters);
    expect(await listContactMessages(h.db)).toEqual([]);

    const login = await h.send('POST', '/api/auth/login', {
      body: { email: owner.email, password: `${owner.password}${NUL}` },
    });
    expect(login.status).toBe(400);
    expect((await errorOf(login)).message).toBe(MESSAGES.controlCharacters);

    const onboarding = await h.send('POST', '/api/onboarding/create', {
      body: {
        cvr: '99000101',
        email: `ny${NUL}@example.dk`,
        password: 'tagrende-42',
        passwordRepeat: 'tagrende-42',
        acceptPrivacy: true,
      },
    });
    expect(onboarding.status).toBe(400);
    expect((await errorOf(onboarding)).message).toBe(MESSAGES.controlCharacters);
  });

  it('keeps tabs and line ends where text has lines, and asks for one line elsewhere', async () => {
    const { h, owner, cookie } = await start();
    const content = 'Første afsnit.\r\n\r\n\tAndet afsnit,\nmed linjeskift.';
    const saved = await h.send('PUT', `/api/pages/${owner.homepage.id}`, {
      cookie,
      body: { content, gallery: [{ title: 'Tag', description: 'Linje 1\nLinje 2', image: '' }] },
    });
    expect(saved.status).toBe(200);
    const page = await findPage(h.db, CVR, owner.homepage.id);
    expect(page?.content).toBe(content);
    expect(page?.gallery[0]?.description).toBe('Linje 1\nLinje 2');

    const title = await h.send('PUT', `/api/pages/${owner.homepage.id}`, {
      cookie,
      body: { title: 'Tag\narbejde' },
    });
    expect(title.status).toBe(400);
    expect((await errorOf(title)).message).toBe('Overskrift skal stå på én linje');

    const message = 'Hej!\n\tHvad koster et nyt tag?';
    const contact = await h.send('POST', '/api/sendContactEmail', {
      body: { name: 'Søren', email: 'soeren@example.dk', message },
    });
    expect([200, 503]).toContain(contact.status);
    expect((await listContactMessages(h.db)).map((row) => row.message)).toEqual([message]);
  });

  it('removes bidi overrides and zero-width characters from owner text, whatever the field', async () => {
    const { h, owner, cookie } = await start();
    const page = `/api/pages/${owner.homepage.id}`;
    const saved = await h.send('PUT', page, {
      cookie,
      body: {
        title: `Tag${ZWSP}arbejde ${RLO}gnp.exe${PDF}`,
        content: `Ring på ${RLI}12 34 56 78${PDI}.\n\nwww.${ZWSP}eksempel.dk`,
        gallery: [{ title: `Før${RLO}`, description: `Linje 1\n${ZWSP}Linje 2`, image: '' }],
      },
    });
    expect(saved.status).toBe(200);
    const stored = await findPage(h.db, CVR, owner.homepage.id);
    expect(stored?.title).toBe('Tagarbejde gnp.exe');
    expect(stored?.content).toBe('Ring på 12 34 56 78.\n\nwww.eksempel.dk');
    expect(stored?.gallery[0]).toMatchObject({ title: 'Før', description: 'Linje 1\nLinje 2' });

    // A character written as a JSON escape is the same character.
    const escaped = await h.send('PUT', '/api/company/settings', {
      cookie,
      body: '{"address":"Hovedgaden 1\\u202e, 4000 Roskilde"}',
    });
    expect(escaped.status).toBe(200);
    expect((await findCompanyByCvr(h.db, CVR))?.address).toBe('Hovedgaden 1, 4000 Roskilde');

    // An uploaded image's name, shown in the image archive.
    const form = uploadForm(await solidImage(64, 48), `Eve${RLO}gnp.jpg`, 'image/jpeg');
    const uploaded = await h.send('POST', '/api/images', { cookie, body: form });
    expect(uploaded.status).toBe(201);
    expect((await listImages(h.db, CVR)).map((image) => image.name)).toEqual(['Evegnp.jpg']);

    // Text without them is saved exactly as sent, joiners in emoji and Danish letters included.
    const plain = 'Tømrer & snedker – æøå 👨\u200d👩\u200d👧';
    expect((await h.send('PUT', page, { cookie, body: { title: plain } })).status).toBe(200);
    expect((await findPage(h.db, CVR, owner.homepage.id))?.title).toBe(plain);
  });

  it("removes them from a site visitor's quote request too", async () => {
    const { h } = await start();
    const tokenAnswer = await h.send('GET', `/api/sites/${CVR}/lead-token`);
    const { token } = (await tokenAnswer.json()) as { token: string };
    h.advance(5_000);
    const form = new FormData();
    const fields = {
      name: `Eve${RLO}gnp.exe`,
      phone: `20${ZWSP} 30 40 50`,
      email: `eve${ZWSP}@example.dk`,
      postcode: `40${RLI}00${PDI}`,
      message: `Taget drypper.\n${RLO}Ring efter kl. 16${PDF}`,
      token,
    };
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    const sent = await h.send('POST', `/api/sites/${CVR}/leads`, {
      body: form,
      headers: { Accept: 'application/json' },
    });
    expect(sent.status).toBe(200);
    const [lead] = await listLeads(h.db, CVR);
    expect(lead).toMatchObject({
      name: 'Evegnp.exe',
      phone: '20 30 40 50',
      email: 'eve@example.dk',
      postcode: '4000',
      message: 'Taget drypper.\nRing efter kl. 16',
    });
  });
});
