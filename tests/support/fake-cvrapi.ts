// A real HTTP server on 127.0.0.1 imitating cvrapi.dk (`GET /api?search=<cvr>&country=dk`). Its
// answer is switchable: a found company, NOT_FOUND, QUOTA_EXCEEDED, a slow answer (longer than a
// test's client timeout), garbage (not JSON) or HTTP 500. It records every request's URL and headers.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type FakeCvrApiBehaviour = 'found' | 'not-found' | 'quota-exceeded' | 'slow' | 'garbage' | 'error-500';

interface FakeCvrApiRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
}

export interface FakeCvrApi {
  /** `http://127.0.0.1:<port>/api`, as CVR_API_URL expects it. */
  readonly baseUrl: string;
  readonly requests: FakeCvrApiRequest[];
  behaviour: FakeCvrApiBehaviour;
  /** How long 'slow' waits before answering. */
  slowMs: number;
  /** The JSON answered for 'found'; `vat` is replaced by the searched CVR. */
  company: Record<string, unknown>;
  close(): Promise<void>;
}

/** A cvrapi.dk answer as the service sends it (abridged: the fields we read and a few we do not). */
const FAKE_CVRAPI_COMPANY: Record<string, unknown> = {
  vat: 0,
  name: 'Testfirmaet Tømrer ApS',
  address: 'Prøvevej 1',
  zipcode: '4000',
  city: 'Roskilde',
  protected: false,
  phone: '12345600',
  email: 'info@testfirma.example',
  fax: null,
  startdate: '01/02 - 2010',
  enddate: null,
  employees: '5-9',
  addressco: null,
  industrycode: 433200,
  industrydesc: 'Tømrer- og bygningssnedkervirksomhed',
  companycode: 80,
  companydesc: 'Anpartsselskab',
  creditstartdate: null,
  creditbankrupt: false,
  creditstatus: null,
  owners: null,
  productionunits: [],
  t: 100,
  version: 6,
};

export async function startFakeCvrApi(): Promise<FakeCvrApi> {
  const requests: FakeCvrApiRequest[] = [];
  const pending = new Set<NodeJS.Timeout>();

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ method: req.method ?? '', url, headers: req.headers });
    switch (fake.behaviour) {
      case 'not-found':
        return send(res, 200, { error: 'NOT_FOUND', t: 0, version: 6 });
      case 'quota-exceeded':
        return send(res, 200, { error: 'QUOTA_EXCEEDED', t: 0, version: 6 });
      case 'garbage':
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html><body>Service midlertidigt utilgængelig</body></html>');
      case 'error-500':
        return send(res, 500, { error: 'INTERNAL_ERROR' });
      case 'slow': {
        const timer = setTimeout(() => {
          pending.delete(timer);
          found(res, url);
        }, fake.slowMs);
        pending.add(timer);
        return;
      }
      default:
        return found(res, url);
    }
  });

  function found(res: ServerResponse, url: URL): void {
    const search = url.searchParams.get('search') ?? '';
    send(res, 200, { ...fake.company, vat: Number(search) });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeCvrApi = {
    baseUrl: `http://127.0.0.1:${port}/api`,
    requests,
    behaviour: 'found',
    slowMs: 500,
    company: { ...FAKE_CVRAPI_COMPANY },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of pending) clearTimeout(timer);
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return fake;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}
