// A field's own message (issue 28 item 1): shown, the field marked invalid, and described by it.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** `message` is shown, and the field labelled `label` is marked invalid and described by it. */
export async function expectBeside(
  page: Page,
  label: string,
  message: string,
  scope: Locator = page.locator('body'),
) {
  const field = scope.getByLabel(label, { exact: true });
  await scope.getByText(message, { exact: true }).first().waitFor();
  expect(await field.getAttribute('aria-invalid'), label).toBe('true');
  const described = (await field.getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(
    described
      .split(' ')
      .filter(Boolean)
      .map(async (id) => (await page.locator(`[id="${id}"]`).textContent())?.trim()),
  );
  expect(texts, label).toContain(message);
}

/** The label of the focused field, to check focus went to the first invalid one. */
export async function focusedLabel(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const active = document.activeElement;
    return active?.id
      ? document.querySelector(`label[for="${CSS.escape(active.id)}"]`)?.textContent?.trim()
      : undefined;
  });
}
