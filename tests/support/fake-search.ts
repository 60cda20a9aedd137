// A real HTTP server on 127.0.0.1 imitating Google's Custom Search JSON API (`GET /customsearch/v1`
// with q, key, cx, num → `{ items: [{ link, title, snippet }] }`). Its items and status are
// switchable; it records every request's URL.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSearchItem {
  link: string;
  title: string;
  snippet: string;
}

export interface FakeSearch {
  /** `http://127.0.0.1:<port>/customsearch/v1`, the search's baseUrl option. */
  readonly baseUrl: string;
  readonly requests: URL[];
  items: FakeSearchItem[];
  /** 200 answers `{ items }` (no `items` key when empty, as Google does); anything else an error. */
  status: number;
  close(): Promise<void>;
}

export async function startFakeSearch(items: FakeSearchItem[] = []): Promise<FakeSearch> {
  const requests: URL[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    const body =
      fake.status === 200
        ? {
            kind: 'customsearch#search',
            searchInformation: { totalResults: String(fake.items.length) },
            ...(fake.items.length > 0
              ? { items: fake.items.map((item) => ({ kind: 'customsearch#result', ...item })) }
              : {}),
          }
        : { error: { code: fake.status, message: 'Request failed', status: 'PERMISSION_DENIED' } };
    const json = JSON.stringify(body);
    res.writeHead(fake.status, { 'content-type': 'application/json' });
    res.end(json);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeSearch = {
    baseUrl: `http://127.0.0.1:${port}/customsearch/v1`,
    requests,
    items,
    status: 200,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return fake;
}
