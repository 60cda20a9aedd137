// The cvrapi.dk client against a fake cvrapi.dk on loopback: the request it sends, the mapping of
// the answer, and which failures give which of the spec's two messages.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CVRAPI_USER_AGENT, createCvrApiClient, parseEmployees } from '../../api/onboarding/cvrapi-client';
import { AppError } from '../../lib/errors';
import { MESSAGES } from '../../rules/messages';
import { type FakeCvrApi, startFakeCvrApi } from '../support/fake-cvrapi';

let fake: FakeCvrApi;
beforeAll(async () => {
  fake = await startFakeCvrApi();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.behaviour = 'found';
  fake.requests.length = 0;
});

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('cvrapi.dk client', () => {
  it('asks with search, country=dk and a descriptive User-Agent, and maps the answer', async () => {
    const client = createCvrApiClient(fake.baseUrl);
    const company = await client.lookup('29876543');
    expect(company).toEqual({
      cvr: '29876543',
      name: 'Testfirmaet Tømrer ApS',
      address: 'Prøvevej 1',
      zipcode: '4000',
      city: 'Roskilde',
      phone: '12345600',
      email: 'info@testfirma.example',
      industrydesc: 'Tømrer- og bygningssnedkervirksomhed',
      industrycode: '433200',
      companydesc: 'Anpartsselskab',
      startdate: '01/02 - 2010',
      employees: 5,
    });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.method).toBe('GET');
    expect(request?.url.pathname).toBe('/api');
    expect(request?.url.searchParams.get('search')).toBe('29876543');
    expect(request?.url.searchParams.get('country')).toBe('dk');
    expect(request?.headers['user-agent']).toBe(CVRAPI_USER_AGENT);
    expect(CVRAPI_USER_AGENT).toMatch(/^Mesterside\/1\.0 \(.*kontakt@mesterside\.dk\)$/);
  });

  it('turns null fields into empty text and a numeric head count into a number', async () => {
    const original = fake.company;
    fake.company = { ...fake.company, phone: null, email: null, address: null, employees: 12 };
    try {
      const company = await createCvrApiClient(fake.baseUrl).lookup('29876543');
      expect(company.phone).toBe('');
      expect(company.email).toBe('');
      expect(company.address).toBe('');
      expect(company.employees).toBe(12);
    } finally {
      fake.company = original;
    }
  });

  it('parses head counts when it can', () => {
    expect(parseEmployees('5-9')).toBe(5);
    expect(parseEmployees('10-19')).toBe(10);
    expect(parseEmployees(3)).toBe(3);
    expect(parseEmployees('ukendt')).toBeNull();
    expect(parseEmployees(null)).toBeNull();
    expect(parseEmployees(undefined)).toBeNull();
  });

  it('answers NOT_FOUND with the not-found message', async () => {
    fake.behaviour = 'not-found';
    const error = await failure(createCvrApiClient(fake.baseUrl).lookup('29876543'));
    expect(error.code).toBe('not_found');
    expect(error.message).toBe(MESSAGES.cvrNotFound);
  });

  it.each([
    ['quota-exceeded', {}],
    ['error-500', {}],
    ['garbage', {}],
    ['slow', { timeoutMs: 100 }],
  ] as const)('answers %s with the fetch-failed message', async (behaviour, options) => {
    fake.behaviour = behaviour;
    const error = await failure(createCvrApiClient(fake.baseUrl, options).lookup('29876543'));
    expect(error.code).toBe('unavailable');
    expect(error.message).toBe(MESSAGES.companyFetchFailed);
  });

  it('answers an answer without a name, a 404 and a network error as the spec says', async () => {
    const noName = createCvrApiClient(fake.baseUrl, {
      fetch: async () => Response.json({ vat: 29876543, city: 'Roskilde' }),
    });
    expect((await failure(noName.lookup('29876543'))).message).toBe(MESSAGES.companyFetchFailed);

    const http404 = createCvrApiClient(fake.baseUrl, {
      fetch: async () => new Response('Not Found', { status: 404 }),
    });
    expect((await failure(http404.lookup('29876543'))).message).toBe(MESSAGES.cvrNotFound);

    const down = createCvrApiClient('http://127.0.0.1:1/api', { timeoutMs: 2000 });
    const error = await failure(down.lookup('29876543'));
    expect(error.code).toBe('unavailable');
    expect(error.message).toBe(MESSAGES.companyFetchFailed);
  });
});
