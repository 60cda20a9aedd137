// /media/… over real HTTP: uploaded files under STORAGE_DIR served on every host with immutable
// caching and their own content type, never compressed, and nothing else of STORAGE_DIR reachable.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../api/app';
import { type Db, migrateToLatest, openDatabase } from '../db';
import { loadConfig } from '../lib/config';
import { createLogger } from '../lib/logger';
import { rawRequest } from '../tests/support/site-folders';
import { type RunningFrontServer, startFrontServer } from './front-server';

/** What a file outside the media folders holds; no answer may carry it. */
const SECRET = 'app-secret-7f3a9c';

const CVR = '12345678';
const NAME = '1732300000000-tag';
const WEBP = Buffer.from('RIFF....WEBPVP8 fake webp bytes');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 5, 6, 7, 8]);

let dir: string;
let db: Db;
let server: RunningFrontServer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mesterside-media-'));
  const storageDir = path.join(dir, 'storage');
  const images = path.join(storageDir, 'images', CVR);
  const logos = path.join(storageDir, 'logos', CVR);
  mkdirSync(images, { recursive: true });
  mkdirSync(logos, { recursive: true });
  writeFileSync(path.join(images, `${NAME}-480.webp`), WEBP);
  writeFileSync(path.join(images, `${NAME}.jpg`), JPEG);
  writeFileSync(path.join(logos, `${NAME}.png`), PNG);
  writeFileSync(path.join(images, `.upload-x-480.webp`), WEBP);
  writeFileSync(path.join(storageDir, 'app-secret.txt'), SECRET);
  symlinkSync(path.join(storageDir, 'app-secret.txt'), path.join(images, '1-link.jpg'));

  const config = loadConfig({
    PUBLIC_HOST: 'mesterside.dk',
    DNS_A_RECORD: '203.0.113.10',
    STORAGE_DIR: storageDir,
    LOG_LEVEL: 'silent',
  });
  db = openDatabase({ dialect: 'sqlite', file: path.join(dir, 'app.db') });
  await migrateToLatest(db);
  const logger = createLogger({ logLevel: 'silent' });
  server = await startFrontServer({
    config,
    db,
    logger,
    apiApp: createApp({ db, config, logger }),
    marketingDir: path.join(dir, 'marketing'),
    host: '127.0.0.1',
    port: 0,
  });
});

afterAll(async () => {
  await server?.close();
  await db?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const get = (urlPath: string, host = 'mesterside.dk', headers: Record<string, string> = {}) =>
  rawRequest(server.port, { path: urlPath, host, headers });

describe('/media', () => {
  it.each([
    ['mesterside.dk', `/media/images/${CVR}/${NAME}-480.webp`, 'image/webp', WEBP],
    ['demo.mesterside.dk', `/media/images/${CVR}/${NAME}.jpg`, 'image/jpeg', JPEG],
    ['www.hansen.dk', `/media/logos/${CVR}/${NAME}.png`, 'image/png', PNG],
    ['ukendt.localhost:3000', `/media/logos/${CVR}/${NAME}.png`, 'image/png', PNG],
  ])('%s %s', async (host, urlPath, contentType, body) => {
    const response = await get(urlPath, host, { 'accept-encoding': 'br, gzip' });
    expect(response.status).toBe(200);
    expect(response.body.equals(body)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': contentType,
      'content-length': String(body.length),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toBeUndefined();
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('answers If-None-Match with 304 and HEAD without a body', async () => {
    const urlPath = `/media/images/${CVR}/${NAME}.jpg`;
    const first = await get(urlPath);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    const again = await get(urlPath, 'mesterside.dk', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(again.body.length).toBe(0);
    const head = await rawRequest(server.port, { path: urlPath, host: 'mesterside.dk', method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(JPEG.length));
    expect(head.body.length).toBe(0);
  });

  it('refuses other methods with 405', async () => {
    const response = await rawRequest(server.port, {
      path: `/media/images/${CVR}/${NAME}.jpg`,
      host: 'mesterside.dk',
      method: 'DELETE',
    });
    expect(response.status).toBe(405);
  });

  it.each([
    `/media/images/${CVR}/findes-ikke.jpg`,
    `/media/images/87654321/${NAME}.jpg`,
    `/media/logos/${CVR}/${NAME}.webp`,
    // A symlink inside the folder is never followed.
    `/media/images/${CVR}/1-link.jpg`,
  ])('answers a plain 404 for %s', async (urlPath) => {
    const response = await get(urlPath);
    expect(response.status).toBe(404);
    expect(response.body.length).toBe(0);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each([
    `/media/images/${CVR}/.upload-x-480.webp`,
    `/media/images/${CVR}/../../app-secret.txt`,
    `/media/images/${CVR}/%2e%2e/%2e%2e/app-secret.txt`,
    `/media/images/${CVR}/..%2f..%2fapp-secret.txt`,
    '/media/app-secret.txt',
    `/media/images/${CVR}/${NAME}.jpg.br`,
  ])('never reaches anything else of STORAGE_DIR: %s', async (urlPath) => {
    for (const host of ['mesterside.dk', 'demo.mesterside.dk', 'www.hansen.dk']) {
      const response = await get(urlPath, host);
      // A 404 page where it was asked for (issue 49: the product's on the main host, the site's on its
      // hosts), never a redirect and never the file.
      expect(response.status, `${host}${urlPath}`).toBe(404);
      expect(response.headers.location).toBeUndefined();
      expect(response.body.toString()).not.toContain(SECRET);
    }
  });
});
