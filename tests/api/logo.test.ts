// The company logo over HTTP (/api/company/logo) on a real database and a real STORAGE_DIR: upload
// sets {logo} alone and replaces the previous logo's files; refusals store nothing; delete clears it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogoRoutes } from '../../api/routes/logo';
import { findCompanyByCvr, updateCompany } from '../../db';
import { MESSAGES } from '../../rules/messages';
import {
  filesUnder,
  jpegWithGps,
  pngBomb,
  SVG_WITH_SCRIPT,
  solidImage,
  uploadForm,
} from '../fixtures/images/make-images';
import { createOwnerHarness, type OwnerHarness } from '../support/owner-harness';

const CVR = '12345678';
const NOW = new Date('2024-11-22T18:26:40.000Z');

let h: OwnerHarness;

beforeEach(async () => {
  h = await createOwnerHarness((owner) => owner.route('/company/logo', createLogoRoutes()), {
    cvr: CVR,
    now: NOW,
  });
});

afterEach(async () => {
  await h.close();
});

async function upload(bytes: Uint8Array, name: string): Promise<Response> {
  return h.app.request('/api/company/logo', { method: 'POST', body: uploadForm(bytes, name) });
}

async function errorOf(response: Response): Promise<{ status: number; message: string }> {
  const body = (await response.json()) as { error: { message: string } };
  return { status: response.status, message: body.error.message };
}

const storedLogos = () => filesUnder(path.join(h.config.storageDir, 'logos'));
const fileOfUrl = (url: string) => path.join(h.config.storageDir, url.replace(/^\/media\//, ''));

describe('POST /api/company/logo', () => {
  it('stores a PNG and a WebP inside 512 px, without EXIF, sets {logo} and publishes', async () => {
    const before = await findCompanyByCvr(h.db, CVR);
    const response = await upload(await jpegWithGps(1600, 1000), 'Firma Logo.jpg');
    expect(response.status).toBe(200);
    const url = `/media/logos/${CVR}/${NOW.getTime()}-firma-logo.png`;
    expect(await response.json()).toEqual({ logo: url });

    const name = `${NOW.getTime()}-firma-logo`;
    expect(storedLogos()).toEqual([path.join(CVR, `${name}.png`), path.join(CVR, `${name}.webp`)]);
    for (const [file, format] of [
      [`${name}.png`, 'png'],
      [`${name}.webp`, 'webp'],
    ] as const) {
      const output = await sharp(readFileSync(path.join(h.config.storageDir, 'logos', CVR, file))).metadata();
      // 1600 × 1000 stored sideways is 1000 × 1600 upright: fitted to 320 × 512.
      expect({ format: output.format, width: output.width, height: output.height }).toEqual({
        format,
        width: 320,
        height: 512,
      });
      expect(output.exif).toBeUndefined();
    }

    const after = await findCompanyByCvr(h.db, CVR);
    expect(after?.logo).toBe(url);
    // {logo} alone: nothing else of the company changed.
    expect({ ...after, logo: null, updatedAt: '' }).toEqual({ ...before, logo: null, updatedAt: '' });
    expect(h.published).toEqual([CVR]);
  });

  it('keeps transparency in the PNG and never enlarges a small logo', async () => {
    const transparent = await sharp({
      create: { width: 120, height: 60, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const body = (await (await upload(transparent, 'lille.png')).json()) as { logo: string };
    const output = await sharp(readFileSync(fileOfUrl(body.logo))).metadata();
    expect({ width: output.width, height: output.height, hasAlpha: output.hasAlpha }).toEqual({
      width: 120,
      height: 60,
      hasAlpha: true,
    });
  });

  it('removes the previous logo’s files once the new one is saved', async () => {
    const first = (await (await upload(await solidImage(100, 100), 'gammel.png')).json()) as { logo: string };
    h.setNow(new Date(NOW.getTime() + 60_000));
    const second = (await (await upload(await solidImage(100, 100), 'ny.png')).json()) as { logo: string };
    expect(second.logo).not.toBe(first.logo);
    const name = `${NOW.getTime() + 60_000}-ny`;
    expect(storedLogos()).toEqual([path.join(CVR, `${name}.png`), path.join(CVR, `${name}.webp`)]);
    expect((await findCompanyByCvr(h.db, CVR))?.logo).toBe(second.logo);
  });

  it('leaves a logo that is not one of our files alone', async () => {
    await updateCompany(h.db, CVR, { logo: 'https://firma.example/logo.png' });
    expect((await upload(await solidImage(100, 100), 'ny.png')).status).toBe(200);
    expect(storedLogos()).toHaveLength(2);
  });

  describe('refuses, storing nothing and keeping the current logo', () => {
    const notAnImage = 'Filen er ikke et billede. Brug JPEG, PNG, WebP eller AVIF.';
    it.each([
      ['a text file named .png', async () => Buffer.from('not a logo'), 415, notAnImage],
      ['an SVG with a script', async () => SVG_WITH_SCRIPT, 415, notAnImage],
      ['an empty file', async () => Buffer.alloc(0), 415, notAnImage],
      ['a decompression bomb', pngBomb, 413, MESSAGES.logoUploadFailed],
      [
        'a file over 10 MB',
        async () => Buffer.alloc(10 * 1024 * 1024 + 1),
        413,
        'Billedet er for stort (højst 10 MB)',
      ],
    ] as const)('%s', async (_what, make, status, message) => {
      await updateCompany(h.db, CVR, { logo: 'https://firma.example/logo.png' });
      expect(await errorOf(await upload(await make(), 'logo.png'))).toEqual({ status, message });
      expect(storedLogos()).toEqual([]);
      expect((await findCompanyByCvr(h.db, CVR))?.logo).toBe('https://firma.example/logo.png');
      expect(h.published).toEqual([]);
    });

    it('a request without a file', async () => {
      const response = await h.app.request('/api/company/logo', { method: 'POST', body: new FormData() });
      expect(await errorOf(response)).toEqual({ status: 400, message: 'Kunne ikke uploade logo' });
    });
  });
});

describe('DELETE /api/company/logo', () => {
  it('clears the logo, removes its files and publishes', async () => {
    await upload(await solidImage(100, 100), 'logo.png');
    h.published.length = 0;
    const response = await h.app.request('/api/company/logo', { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ logo: null });
    expect((await findCompanyByCvr(h.db, CVR))?.logo).toBeNull();
    expect(storedLogos()).toEqual([]);
    expect(h.published).toEqual([CVR]);
  });
});
