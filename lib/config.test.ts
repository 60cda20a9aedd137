import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('runs on embedded defaults with an empty environment', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      port: 3000,
      publicHost: 'localhost:3000',
      database: { dialect: 'sqlite', file: '/srv/app/storage/app.db' },
      redisUrl: null,
      storageDir: '/srv/app/storage',
      cvrApiUrl: 'demo',
      openai: { apiKey: null, baseUrl: null },
      smtpUrl: null,
      contactTo: 'kontakt@mesterside.dk',
      googleCse: null,
      logLevel: 'info',
      renderThreads: 2,
    });
    expect(loadConfig({ RENDER_THREADS: ' 1 ' }).renderThreads).toBe(1);
  });

  it('selects PostgreSQL for a postgres:// URL and SQLite for a path', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/app' }).database).toEqual({
      dialect: 'postgres',
      url: 'postgres://u:p@db:5432/app',
    });
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/app' }).database.dialect).toBe('postgres');
    expect(loadConfig({ DATABASE_URL: 'data/site.db' }, '/srv').database).toEqual({
      dialect: 'sqlite',
      file: path.resolve('/srv/data/site.db'),
    });
    expect(loadConfig({ DATABASE_URL: 'file:/var/lib/app.db' }).database).toEqual({
      dialect: 'sqlite',
      file: '/var/lib/app.db',
    });
  });

  it('keeps the SQLite file inside a custom STORAGE_DIR by default', () => {
    expect(loadConfig({ STORAGE_DIR: '/data' }).database).toEqual({
      dialect: 'sqlite',
      file: '/data/app.db',
    });
  });

  it('reads the optional services when they are set', () => {
    const config = loadConfig({
      PUBLIC_HOST: 'Mesterside.DK',
      REDIS_URL: 'redis://127.0.0.1:6379',
      CVR_API_URL: 'https://cvrapi.dk/api',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1',
      OPENAI_MODEL: 'gpt-4o',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_FROM: 'Mesterside <hej@mesterside.dk>',
      CONTACT_TO: 'drift@mesterside.dk',
      GOOGLE_CSE_KEY: 'key',
      GOOGLE_CSE_CX: 'cx',
      DNS_A_RECORD: '203.0.113.10',
    });
    expect(config.publicHost).toBe('mesterside.dk');
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(config.openai).toEqual({
      apiKey: 'sk-test',
      baseUrl: 'http://127.0.0.1:8080/v1',
      model: 'gpt-4o',
    });
    expect(config.googleCse).toEqual({ key: 'key', cx: 'cx' });
    expect(config.contactTo).toBe('drift@mesterside.dk');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ REDIS_URL: '', OPENAI_API_KEY: '  ' })).toMatchObject({
      redisUrl: null,
      openai: { apiKey: null },
    });
  });

  it('is frozen all the way down', () => {
    const config = loadConfig({});
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.database)).toBe(true);
    expect(Object.isFrozen(config.openai)).toBe(true);
  });

  it('reads DNS servers as a list, with or without ports', () => {
    expect(loadConfig({}).dnsServers).toEqual([]);
    expect(loadConfig({ DNS_SERVERS: ' 1.1.1.1, 127.0.0.1:5353 ,[::1]:53,2001:db8::1 ' }).dnsServers).toEqual(
      ['1.1.1.1', '127.0.0.1:5353', '[::1]:53', '2001:db8::1'],
    );
  });

  it('reads trusted proxies as a list of addresses and CIDR ranges, none by default', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
  });

  it('reads the SMS gateway for review requests, none by default', () => {
    expect(loadConfig({}).smsGateway).toBeNull();
    expect(loadConfig({ SMS_GATEWAY_URL: 'https://sms.example.dk/send' }).smsGateway).toEqual({
      url: 'https://sms.example.dk/send',
      token: null,
    });
    expect(
      loadConfig({ SMS_GATEWAY_URL: 'http://127.0.0.1:9/send', SMS_GATEWAY_TOKEN: 'hemmelig' }).smsGateway,
    ).toEqual({ url: 'http://127.0.0.1:9/send', token: 'hemmelig' });
  });

  it('reads operator e-mails as a lowercased list', () => {
    expect(loadConfig({}).operatorEmails).toEqual([]);
    expect(loadConfig({ OPERATOR_EMAILS: ' Drift@Mesterside.dk, ejer@firma.dk ' }).operatorEmails).toEqual([
      'drift@mesterside.dk',
      'ejer@firma.dk',
    ]);
  });

  it.each([
    [{ OPERATOR_EMAILS: 'drift, ejer@firma.dk' }, /^OPERATOR_EMAILS: /],
    [{ PORT: '-1' }, /^PORT: /],
    [{ PUBLIC_HOST: 'mester side.dk' }, /^PUBLIC_HOST: /],
    [{ OPENAI_BASE_URL: 'not a url' }, /^OPENAI_BASE_URL: /],
    [{ SMS_GATEWAY_URL: 'ftp://sms.example.dk' }, /^SMS_GATEWAY_URL: /],
    [{ MAIL_FROM: 'nobody' }, /^MAIL_FROM: /],
    [{ CONTACT_TO: 'Mesterside <kontakt@mesterside.dk>' }, /^CONTACT_TO: /],
    [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL: /],
    [{ DATABASE_URL: 'postgres://' }, /^DATABASE_URL: /],
    [{ GOOGLE_CSE_CX: 'cx' }, /^GOOGLE_CSE_KEY: /],
    [{ DNS_A_RECORD: '300.1.2.3' }, /^DNS_A_RECORD: /],
    [{ DNS_SERVERS: 'dns.google' }, /^DNS_SERVERS: /],
    [{ DNS_SERVERS: '1.1.1.1, 8.8.8.8:abc' }, /^DNS_SERVERS: /],
    [{ TRUST_PROXY: 'proxy.local' }, /^TRUST_PROXY: /],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /^TRUST_PROXY: /],
    [{ TRUST_PROXY: '127.0.0.1/8/8' }, /^TRUST_PROXY: /],
  ])('names the variable in error for %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('refuses a production PUBLIC_HOST without DNS_A_RECORD, in one line naming the variable', () => {
    // Issue 49: the own-domain guide must never say "ask us for the address".
    for (const host of ['mesterside.dk', 'mesterside.dk:8443', 'xn--mestersde-l8a.dk', '10.0.0.5']) {
      expect(() => loadConfig({ PUBLIC_HOST: host })).toThrow(ConfigError);
      expect(() => loadConfig({ PUBLIC_HOST: host })).toThrow(
        /^DNS_A_RECORD: must be set when PUBLIC_HOST \(.+\) is not localhost: [^\n]+$/,
      );
      expect(loadConfig({ PUBLIC_HOST: host, DNS_A_RECORD: '203.0.113.10' }).dnsARecord).toBe('203.0.113.10');
    }
    // An empty value is unset, so it is refused too.
    expect(() => loadConfig({ PUBLIC_HOST: 'mesterside.dk', DNS_A_RECORD: ' ' })).toThrow(/^DNS_A_RECORD: /);
    // This machine alone needs none.
    for (const host of ['localhost', 'localhost:3000', 'mesterside.localhost:41400', '127.0.0.1:3000'])
      expect(loadConfig({ PUBLIC_HOST: host }).dnsARecord).toBeNull();
    // A bad PUBLIC_HOST is still named first.
    expect(() => loadConfig({ PUBLIC_HOST: 'mester side.dk' })).toThrow(/^PUBLIC_HOST: /);
  });

  it('runs web and worker in one process by default, apart only with Redis', () => {
    expect(loadConfig({})).toMatchObject({ processRole: 'both', precompress: true });
    const redis = { REDIS_URL: 'redis://127.0.0.1:6379' };
    expect(loadConfig({ ...redis, PROCESS_ROLE: 'web' }).processRole).toBe('web');
    expect(loadConfig({ ...redis, PROCESS_ROLE: 'Worker' }).processRole).toBe('worker');
    expect(() => loadConfig({ PROCESS_ROLE: 'web' })).toThrow(/^PROCESS_ROLE: web needs REDIS_URL/);
    expect(() => loadConfig({ ...redis, PROCESS_ROLE: 'api' })).toThrow(/^PROCESS_ROLE: /);
    expect(loadConfig({ PRECOMPRESS: '0' }).precompress).toBe(false);
    expect(() => loadConfig({ PRECOMPRESS: 'yes' })).toThrow(/^PRECOMPRESS: /);
  });
});
