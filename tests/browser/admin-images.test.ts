// The image archive in Chromium against the real server: upload with progress up to the limit of 15,
// the spec's messages past it, delete with confirmation, and the pages editor's direct upload offered
// only while the archive has room (the spec's Screens Image archive, Media tab, Validation rules, Error catalogue, Limits).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../rules/messages';
import { UPLOAD_MESSAGES } from '../../rules/upload-messages';
import { type AdminStack, PHONE, startAdminStack } from '../support/admin-stack';
import { pngFile } from '../support/images';

let admin: AdminStack;

beforeAll(async () => {
  admin = await startAdminStack('admin-images');
});

afterAll(async () => {
  await admin?.close();
});

async function files(from: number, count: number) {
  return Promise.all(Array.from({ length: count }, (_, index) => pngFile(from + index)));
}

describe('image archive', () => {
  it('refuses a file that is not an image with a Danish message', async () => {
    const page = await admin.newPage();
    await admin.signIn(page, '/admin/images');
    await page.getByRole('heading', { name: 'Billedearkiv' }).waitFor();
    const count = await page.getByText(/^\d+\/15$/).textContent();
    // The picker's accept filter is easy to bypass; the archive still says no.
    await page.locator('#image-upload').setInputFiles({
      name: 'faktura.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4'),
    });
    await page.getByRole('alert').getByText(UPLOAD_MESSAGES.notAnImage).waitFor();
    expect(await page.getByText(/^\d+\/15$/).textContent()).toBe(count);
  });

  it('uploads until the limit, refuses more with the spec messages, and deletes after confirmation', async () => {
    const page = await admin.newPage(PHONE);
    await admin.signIn(page, '/admin/images');
    await page.getByRole('heading', { name: 'Billedearkiv' }).waitFor();
    await page.getByText('0/15').waitFor();
    await admin.shot(page, 'images-empty-phone');

    // A progress bar per file while the batch goes up (held back a moment so it can be seen).
    await page.route('**/api/images', async (route) => {
      if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 150));
      await route.continue();
    });
    await page.locator('#image-upload').setInputFiles(await files(0, 5));
    await page.getByRole('progressbar').first().waitFor();
    await page.getByText('5/15').waitFor({ timeout: 20_000 });
    await page.unroute('**/api/images');
    await page.locator('#image-upload').setInputFiles(await files(5, 9));
    await page.getByText('14/15').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('list', { name: 'Billeder' }).getByRole('listitem').count()).toBe(14);

    // Two more would pass 15: refused whole.
    await page.locator('#image-upload').setInputFiles(await files(14, 2));
    await page.getByRole('alert').getByText(MESSAGES.uploadLimit).waitFor();
    expect(await page.getByText('14/15').count()).toBe(1);

    await page.locator('#image-upload').setInputFiles(await files(14, 1));
    await page.getByText('15/15').waitFor();
    await page.getByText(MESSAGES.archiveFull).waitFor();
    expect(await page.getByRole('button', { name: 'Upload billeder' }).isDisabled()).toBe(true);
    await admin.shot(page, 'images-full-phone');

    // The pages editor offers no direct upload now.
    await page.goto(`${admin.origin}/admin/pages?side=${await pageId('Om os')}`);
    await page.getByRole('tab', { name: 'Billeder' }).click();
    await page.getByText(MESSAGES.archiveFull).waitFor();
    expect(await page.getByRole('button', { name: 'Upload billede' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Vælg fra arkivet' }).first().waitFor();

    // Delete one: the spec's question first, cancel keeps it, confirm removes it.
    await page.goto(`${admin.origin}/admin/images`);
    await page.getByText('15/15').waitFor();
    await page.getByRole('button', { name: 'Slet billede-1.png' }).click();
    const dialog = page.getByRole('dialog', { name: 'Slet billede' });
    await dialog.getByText(MESSAGES.deleteImageConfirm).waitFor();
    await admin.shot(page, 'images-delete-confirm-phone', false);
    await dialog.getByRole('button', { name: 'Annuller' }).click();
    expect(await page.getByText('15/15').count()).toBe(1);
    await page.getByRole('button', { name: 'Slet billede-1.png' }).click();
    await dialog.getByRole('button', { name: 'Slet' }).click();
    await page.getByText('14/15').waitFor();
    expect(await page.getByRole('button', { name: 'Slet billede-1.png' }).count()).toBe(0);
    const rows = await admin.db.selectFrom('images').select('name').execute();
    expect(rows).toHaveLength(14);
    await admin.shot(page, 'images-desktop');

    // With room again, the media tab uploads directly and uses the new image.
    await page.goto(`${admin.origin}/admin/pages?side=${await pageId('Om os')}`);
    await page.getByRole('tab', { name: 'Billeder' }).click();
    await page.locator('input[type=file]').setInputFiles(await pngFile(20, 'direkte.png'));
    await page.getByRole('button', { name: 'Fjern billede' }).waitFor();
    await page.getByRole('button', { name: 'Gem ændringer' }).click();
    await page.getByText(MESSAGES.saveSuccess).waitFor();
    await admin.shot(page, 'pages-media-desktop');
    const stored = await admin.db
      .selectFrom('pages')
      .select('image')
      .where('pageName', '=', 'Om os')
      .where('companyCvr', '=', '12345678')
      .executeTakeFirstOrThrow();
    expect(stored.image).toMatch(/^\/media\/images\/12345678\//);
  }, 90_000);
});

async function pageId(name: string): Promise<string> {
  const row = await admin.db
    .selectFrom('pages')
    .select('id')
    .where('pageName', '=', name)
    .where('companyCvr', '=', '12345678')
    .executeTakeFirstOrThrow();
  return row.id;
}
