// The website search against a fake Custom Search API on loopback: the query it sends, the .dk root
// page preference, and null for no configuration, no .dk item and every failure.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createWebsiteSearch, pickWebsite } from '../../api/onboarding/website-search';
import { type FakeSearch, startFakeSearch } from '../support/fake-search';

const CSE = { googleCse: { key: 'test-key', cx: 'test-cx' } };
let fake: FakeSearch;
beforeAll(async () => {
  fake = await startFakeSearch();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.status = 200;
  fake.items = [
    { link: 'https://www.krak.dk/testfirmaet', title: 'Testfirmaet på Krak', snippet: 'Krak' },
    { link: 'https://www.testfirmaet.com/', title: 'Testfirmaet (com)', snippet: 'Ikke dansk' },
    { link: 'https://testfirmaet.dk/kontakt', title: 'Kontakt', snippet: 'Kontakt os' },
    { link: 'https://www.testfirmaet.dk/', title: 'Testfirmaet ApS', snippet: 'Tømrer i Roskilde' },
  ];
});

describe('website search', () => {
  it('asks for the name on .dk with key, cx and num=5, and prefers a .dk root page', async () => {
    const search = createWebsiteSearch(CSE, { baseUrl: fake.baseUrl });
    expect(await search.find('Testfirmaet ApS')).toEqual({
      url: 'https://www.testfirmaet.dk/',
      title: 'Testfirmaet ApS',
      snippet: 'Tømrer i Roskilde',
    });
    const [request] = fake.requests;
    expect(request?.pathname).toBe('/customsearch/v1');
    expect(request?.searchParams.get('q')).toBe('Testfirmaet ApS site:.dk');
    expect(request?.searchParams.get('key')).toBe('test-key');
    expect(request?.searchParams.get('cx')).toBe('test-cx');
    expect(request?.searchParams.get('num')).toBe('5');
  });

  it('falls back to the first .dk item, and to null without one', async () => {
    const search = createWebsiteSearch(CSE, { baseUrl: fake.baseUrl });
    fake.items = fake.items.slice(0, 3);
    expect((await search.find('Testfirmaet'))?.url).toBe('https://www.krak.dk/testfirmaet');
    fake.items = [{ link: 'https://www.testfirmaet.com/', title: 'com', snippet: '' }];
    expect(await search.find('Testfirmaet')).toBeNull();
    fake.items = [];
    expect(await search.find('Testfirmaet')).toBeNull();
  });

  it('treats an empty path as a root page and ignores non-http and malformed links', () => {
    expect(
      pickWebsite([
        { link: 'ftp://files.example.dk/', title: 'ftp', snippet: '' },
        { link: 'not a url', title: 'x', snippet: '' },
        { link: 'https://a.dk/side', title: 'side', snippet: '' },
        { link: 'https://b.dk', title: 'root', snippet: 'rod' },
      ]),
    ).toEqual({ url: 'https://b.dk', title: 'root', snippet: 'rod' });
  });

  it('answers null on an HTTP error, a bad answer and an unreachable service', async () => {
    fake.status = 403;
    expect(await createWebsiteSearch(CSE, { baseUrl: fake.baseUrl }).find('Testfirmaet')).toBeNull();
    const garbage = createWebsiteSearch(CSE, { fetch: async () => new Response('<html>') });
    expect(await garbage.find('Testfirmaet')).toBeNull();
    const down = createWebsiteSearch(CSE, { baseUrl: 'http://127.0.0.1:1/customsearch/v1' });
    expect(await down.find('Testfirmaet')).toBeNull();
  });

  it('without GOOGLE_CSE settings always answers null and asks nobody', async () => {
    const search = createWebsiteSearch({ googleCse: null }, { baseUrl: fake.baseUrl });
    expect(await search.find('Testfirmaet ApS')).toBeNull();
    expect(fake.requests).toHaveLength(0);
  });
});
