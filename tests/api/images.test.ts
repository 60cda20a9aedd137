// The image archive over HTTP (/api/images) on a real database and a real STORAGE_DIR: what an
// upload stores and serves, what it refuses (leaving nothing behind), the 15-image limit, and
// deleting only the owner's own images.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../api/images/upload-rules';
import { createImageRoutes } from '../../api/routes/images';
import { uploadImage } from '../../api/services/upload-image';
import { type Image, insertCompany, listImages } from '../../db';
import { createLogger } from '../../lib/logger';
import { MAX_IMAGES } from '../../rules/images';
import { MESSAGES } from '../../rules/messages';
import { startFrontServer } from '../../server';
import {
  filesUnder,
  hasGpsPointer,
  jpegWithGps,
  pngBomb,
  SVG_WITH_SCRIPT,
  solidImage,
  uploadForm,
} from '../fixtures/images/make-images';
import { createOwnerHarness, type OwnerHarness } from '../support/owner-harness';
import { rawRequest } from '../support/site-folders';

const CVR = '12345678';
const OTHER_CVR = '87654321';
const NOW = new Date('2024-11-22T18:26:40.000Z');

let h: OwnerHarness;

beforeEach(async () => {
  h = await createOwnerHarness((owner) => owner.route('/images', createImageRoutes()), {
    cvr: CVR,
    now: NOW,
  });
});

afterEach(async () => {
  await h.close();
});

function upload(bytes: Uint8Array, name: string, type?: string): Promise<Response> {
  return Promise.resolve(
    h.app.request('/api/images', { method: 'POST', body: uploadForm(bytes, name, type) }),
  );
}

async function errorOf(response: Response): Promise<{ status: number; message: string }> {
  const body = (await response.json()) as { error: { message: string } };
  return { status: response.status, message: body.error.message };
}

const storedFiles = () => filesUnder(path.join(h.config.storageDir, 'images'));
const fileOfUrl = (url: string) => path.join(h.config.storageDir, url.replace(/^\/media\//, ''));

describe('POST /api/images', () => {
  it('stores responsive WebP variants and a JPEG fallback, upright and without EXIF or GPS', async () => {
    // 2000 × 1200 stored sideways: 1200 × 2000 upright.
    const photo = await jpegWithGps(2000, 1200);
    const input = await sharp(photo).metadata();
    expect(input.orientation).toBe(6);
    expect(hasGpsPointer(input.exif)).toBe(true);

    const response = await upload(photo, 'Tag i Roskilde.JPG', 'image/jpeg');
    expect(response.status).toBe(201);
    const body = (await response.json()) as Record<string, unknown>;
    const base = `/media/images/${CVR}/${NOW.getTime()}-tag-i-roskilde`;
    expect(body).toEqual({
      id: expect.any(String),
      url: `${base}.jpg`,
      name: 'Tag i Roskilde.JPG',
      width: 1200,
      height: 2000,
      variants: [
        { width: 480, url: `${base}-480.webp`, contentType: 'image/webp' },
        { width: 960, url: `${base}-960.webp`, contentType: 'image/webp' },
        { width: 1200, url: `${base}-1200.webp`, contentType: 'image/webp' },
      ],
      createdAt: NOW.toISOString(),
    });

    const name = `${NOW.getTime()}-tag-i-roskilde`;
    expect(storedFiles()).toEqual(
      [`${name}-1200.webp`, `${name}-480.webp`, `${name}-960.webp`, `${name}.jpg`].map((file) =>
        path.join(CVR, file),
      ),
    );
    for (const [suffix, format, width, height] of [
      ['-480.webp', 'webp', 480, 800],
      ['-960.webp', 'webp', 960, 1600],
      ['-1200.webp', 'webp', 1200, 2000],
      ['.jpg', 'jpeg', 1200, 2000],
    ] as const) {
      const output = await sharp(readFileSync(fileOfUrl(`${base}${suffix}`))).metadata();
      expect({ format: output.format, width: output.width, height: output.height }).toEqual({
        format,
        width,
        height,
      });
      expect(output.exif, suffix).toBeUndefined();
      expect(output.orientation, suffix).toBeUndefined();
      expect(output.xmp, suffix).toBeUndefined();
      expect(output.icc, suffix).toBeUndefined();
    }

    const [row] = await listImages(h.db, CVR);
    expect(row).toMatchObject({
      path: `images/${CVR}/${name}`,
      uploaderEmail: `ejer-${CVR}@firma.example`,
      contentType: 'image/jpeg',
      width: 1200,
      height: 2000,
    });
    expect(row?.bytes).toBe(readFileSync(fileOfUrl(`${base}.jpg`)).length);
    // A new image changes no page; nothing to publish.
    expect(h.published).toEqual([]);
  });

  it('keeps a PNG a PNG: its fallback is stored and named .png, transparency kept (issue 28)', async () => {
    const logo = await sharp({
      create: { width: 200, height: 100, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const response = await upload(logo, 'Skilt.png', 'image/png');
    expect(response.status).toBe(201);
    const body = (await response.json()) as { url: string };
    const name = `${NOW.getTime()}-skilt`;
    expect(body.url).toBe(`/media/images/${CVR}/${name}.png`);
    expect(storedFiles()).toEqual([`${name}-200.webp`, `${name}.png`].map((file) => path.join(CVR, file)));
    const output = await sharp(readFileSync(fileOfUrl(body.url))).metadata();
    expect({ format: output.format, hasAlpha: output.hasAlpha }).toEqual({ format: 'png', hasAlpha: true });
    const [row] = await listImages(h.db, CVR);
    expect(row).toMatchObject({ contentType: 'image/png', url: body.url });
    expect(row?.bytes).toBe(readFileSync(fileOfUrl(body.url)).length);
  });

  it('never enlarges: a small image gets one WebP at its own width', async () => {
    const response = await upload(await solidImage(300, 200, 'png'), 'lille.png', 'image/png');
    expect(response.status).toBe(201);
    const body = (await response.json()) as { variants: { width: number }[]; width: number };
    expect(body.variants.map((variant) => variant.width)).toEqual([300]);
    expect(body.width).toBe(300);
  });

  it('stops at 1600 px however wide the upload is', async () => {
    const response = await upload(await solidImage(2400, 600, 'webp'), 'bred.webp');
    const body = (await response.json()) as { variants: { width: number }[]; width: number };
    expect(body.variants.map((variant) => variant.width)).toEqual([480, 960, 1600]);
    expect(body.width).toBe(1600);
  });

  it.each(['png', 'webp', 'avif'] as const)('accepts %s', async (format) => {
    const response = await upload(await solidImage(64, 48, format), `billede.${format}`);
    expect(response.status).toBe(201);
    expect(storedFiles()).toHaveLength(2);
  });

  it('keeps two uploads of the same name in the same millisecond apart', async () => {
    const bytes = await solidImage(40, 40);
    const [first, second] = await Promise.all([upload(bytes, 'tag.jpg'), upload(bytes, 'tag.jpg')]);
    expect([first?.status, second?.status]).toEqual([201, 201]);
    const rows = await listImages(h.db, CVR);
    expect(new Set(rows.map((row) => row.path)).size).toBe(2);
    expect(storedFiles()).toHaveLength(4);
  });

  it('makes a safe file name of any original name', async () => {
    const response = await upload(
      await solidImage(40, 40),
      `../../Æblehave på Østerbro ${'x'.repeat(80)}.jpg`,
    );
    const body = (await response.json()) as { url: string; name: string };
    const file = body.url.split('/').pop() as string;
    expect(file).toMatch(/^1732300000000-aeblehave-paa-oesterbro-x+\.jpg$/);
    expect(file.length - '1732300000000-'.length - '.jpg'.length).toBeLessThanOrEqual(60);
    expect(body.name).toBe(`Æblehave på Østerbro ${'x'.repeat(80)}.jpg`);
  });

  describe('refuses, storing nothing', () => {
    const cases: [
      what: string,
      make: () => Promise<Uint8Array>,
      name: string,
      status: number,
      message: string,
    ][] = [
      [
        'a text file named .jpg',
        async () => Buffer.from('hello, this is not a picture'),
        'hello.jpg',
        415,
        'Filen er ikke et billede. Brug JPEG, PNG, WebP eller AVIF.',
      ],
      [
        'an empty file',
        async () => Buffer.alloc(0),
        'tom.jpg',
        415,
        'Filen er ikke et billede. Brug JPEG, PNG, WebP eller AVIF.',
      ],
      [
        'an SVG with a script',
        async () => SVG_WITH_SCRIPT,
        'logo.svg',
        415,
        'Filen er ikke et billede. Brug JPEG, PNG, WebP eller AVIF.',
      ],
      [
        'a GIF',
        () => solidImage(16, 16, 'gif'),
        'anim.gif',
        415,
        'Filen er ikke et billede. Brug JPEG, PNG, WebP eller AVIF.',
      ],
      [
        'a TIFF',
        () => solidImage(16, 16, 'tiff'),
        'scan.tiff',
        415,
        'Filen er ikke et billede. Brug JPEG, PNG, WebP eller AVIF.',
      ],
      ['a decompression bomb (49 megapixels)', pngBomb, 'bombe.png', 413, MESSAGES.uploadFailedThe],
      [
        'a truncated JPEG',
        async () => (await jpegWithGps(800, 600)).subarray(0, 2000),
        'halv.jpg',
        400,
        MESSAGES.uploadFailedThe,
      ],
      [
        'a file one byte over 10 MB',
        async () => Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0xff),
        'stor.jpg',
        413,
        'Billedet er for stort (højst 10 MB)',
      ],
      [
        'a body far over 10 MB',
        async () => Buffer.alloc(MAX_UPLOAD_BYTES + 1024 * 1024, 0xff),
        'enorm.jpg',
        413,
        'Billedet er for stort (højst 10 MB)',
      ],
    ];

    it.each(cases)('%s', async (_what, make, name, status, message) => {
      const response = await upload(await make(), name);
      expect(await errorOf(response)).toEqual({ status, message });
      expect(await listImages(h.db, CVR)).toEqual([]);
      expect(storedFiles()).toEqual([]);
    });

    it('a request without a file', async () => {
      const form = new FormData();
      form.append('other', 'x');
      const missing = await h.app.request('/api/images', { method: 'POST', body: form });
      expect(await errorOf(missing)).toEqual({ status: 400, message: 'Kunne ikke uploade billede' });
      const notMultipart = await h.app.request('/api/images', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"file":"x"}',
      });
      expect(await errorOf(notMultipart)).toEqual({ status: 400, message: 'Kunne ikke uploade billede' });
      expect(storedFiles()).toEqual([]);
    });
  });

  describe('the 15-image limit', () => {
    async function fill(count: number): Promise<void> {
      const bytes = await solidImage(16, 16);
      for (let n = 0; n < count; n++) expect((await upload(bytes, `fyld-${n}.jpg`)).status).toBe(201);
    }

    it('refuses the 16th image with the exact message, and stores nothing for it', async () => {
      await fill(MAX_IMAGES);
      const list = (await (await h.app.request('/api/images')).json()) as { full: boolean; limit: number };
      expect(list).toMatchObject({ full: true, limit: 15 });
      const before = storedFiles();

      const response = await upload(await solidImage(32, 32), 'nummer-16.jpg');
      expect(await errorOf(response)).toEqual({
        status: 422,
        message: 'Du kan ikke uploade flere end 15 billeder',
      });
      expect(await listImages(h.db, CVR)).toHaveLength(MAX_IMAGES);
      expect(storedFiles()).toEqual(before);
    });

    it('lets only one of two racing uploads take the last place, and cleans up after the other', async () => {
      await fill(MAX_IMAGES - 1);
      const bytes = await solidImage(32, 32);
      const responses = await Promise.all([upload(bytes, 'a.jpg'), upload(bytes, 'b.jpg')]);
      expect(responses.map((response) => response.status).sort()).toEqual([201, 422]);
      expect(await listImages(h.db, CVR)).toHaveLength(MAX_IMAGES);
      expect(storedFiles()).toHaveLength(MAX_IMAGES * 2);
    });
  });
});

describe('GET /api/images', () => {
  it('lists the company’s images newest first, with the limit and whether the archive is full', async () => {
    const bytes = await solidImage(40, 30);
    h.setNow(new Date('2024-01-01T10:00:00Z'));
    await upload(bytes, 'foerst.jpg');
    h.setNow(new Date('2024-01-02T10:00:00Z'));
    await upload(bytes, 'sidst.jpg');

    const response = await h.app.request('/api/images');
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      images: Record<string, unknown>[];
      limit: number;
      full: boolean;
    };
    expect(body.limit).toBe(15);
    expect(body.full).toBe(false);
    expect(body.images.map((image) => image.name)).toEqual(['sidst.jpg', 'foerst.jpg']);
    expect(Object.keys(body.images[0] ?? {}).sort()).toEqual(
      ['createdAt', 'height', 'id', 'name', 'url', 'variants', 'width'].sort(),
    );
  });

  it('answers an empty archive', async () => {
    expect(await (await h.app.request('/api/images')).json()).toEqual({ images: [], limit: 15, full: false });
  });

  it('says "Kunne ikke hente billeder" when the database fails', async () => {
    await h.db.schema.dropTable('images').execute();
    expect(await errorOf(await h.app.request('/api/images'))).toEqual({
      status: 500,
      message: 'Kunne ikke hente billeder',
    });
  });
});

describe('DELETE /api/images/:id', () => {
  it('removes the row and every file, then publishes', async () => {
    const created = (await (await upload(await solidImage(1000, 500), 'slet.jpg')).json()) as Image;
    expect(storedFiles()).toHaveLength(4);

    const response = await h.app.request(`/api/images/${created.id}`, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(await listImages(h.db, CVR)).toEqual([]);
    expect(storedFiles()).toEqual([]);
    expect(h.published).toEqual([CVR]);
  });

  it('answers 404 for an unknown id', async () => {
    const response = await h.app.request('/api/images/findes-ikke', { method: 'DELETE' });
    expect(await errorOf(response)).toEqual({ status: 404, message: 'Kunne ikke slette billedet' });
    expect(h.published).toEqual([]);
  });

  it('never deletes another company’s image', async () => {
    await insertCompany(h.db, { cvr: OTHER_CVR, name: 'Anden Firma ApS' });
    const theirs = await uploadImage({
      db: h.db,
      storageDir: h.config.storageDir,
      cvr: OTHER_CVR,
      uploaderEmail: 'anden@firma.example',
      now: NOW,
      file: { name: 'deres.jpg', bytes: await solidImage(40, 40) },
    });

    const response = await h.app.request(`/api/images/${theirs.id}`, { method: 'DELETE' });
    expect(await errorOf(response)).toEqual({ status: 404, message: 'Kunne ikke slette billedet' });
    expect(await listImages(h.db, OTHER_CVR)).toHaveLength(1);
    expect(existsSync(fileOfUrl(theirs.url))).toBe(true);
    expect(h.published).toEqual([]);
  });
});

describe('serving uploads', () => {
  it('takes an upload over real HTTP and serves every file on the main host, a subdomain and a domain', async () => {
    const logger = createLogger({ logLevel: 'silent' });
    const server = await startFrontServer({
      config: h.config,
      db: h.db,
      logger,
      apiApp: h.app,
      marketingDir: path.join(h.config.storageDir, 'no-marketing'),
      host: '127.0.0.1',
      port: 0,
    });
    try {
      const origin = `http://127.0.0.1:${server.port}`;
      const sent = await fetch(`${origin}/api/images`, {
        method: 'POST',
        body: uploadForm(await solidImage(1000, 500), 'vist.jpg', 'image/jpeg'),
      });
      expect(sent.status).toBe(201);
      const created = (await sent.json()) as Image;
      const tooBig = await fetch(`${origin}/api/images`, {
        method: 'POST',
        body: uploadForm(Buffer.alloc(MAX_UPLOAD_BYTES + 1024 * 1024), 'stor.jpg'),
      });
      expect(await errorOf(tooBig)).toEqual({ status: 413, message: 'Billedet er for stort (højst 10 MB)' });

      const urls = [created.url, ...created.variants.map((variant) => variant.url)];
      for (const host of ['localhost:3000', 'firma.localhost:3000', 'www.firma-eksempel.dk']) {
        for (const url of urls) {
          const response = await rawRequest(server.port, {
            path: url,
            host,
            headers: { 'accept-encoding': 'br' },
          });
          expect(response.status, `${host}${url}`).toBe(200);
          expect(response.headers['content-type']).toBe(url.endsWith('.jpg') ? 'image/jpeg' : 'image/webp');
          expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
          expect(response.headers['content-encoding']).toBeUndefined();
          expect(response.body.equals(readFileSync(fileOfUrl(url)))).toBe(true);
        }
      }
      const deleted = await h.app.request(`/api/images/${created.id}`, { method: 'DELETE' });
      expect(deleted.status).toBe(204);
      // The cache re-checks a file at most every 100 ms.
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect((await rawRequest(server.port, { path: created.url, host: 'localhost' })).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
