// Debian's Chromium driven by playwright-core, with the flags ARCHITECTURE.md lists; no tool ever
// downloads a browser of its own. One Chromium serves the whole run: tests/support/shared-browser.ts
// (globalSetup) starts it and every test file connects to it (each test still opens contexts of its
// own); a test file run without that setup launches a Chromium of its own.
import { type Browser, chromium } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_LAUNCH } from './shared-browser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's shared Chromium (tests/support/shared-browser.ts); empty when there is none. */
    chromiumEndpoint: string;
  }
}

/**
 * The run's Chromium; `close()` on it closes this file's contexts and disconnects. `lang` sets the
 * browser's own language (`--lang`, the one its built-in form messages speak): a Chromium of its own.
 */
export function launchChromium(options: { lang?: string } = {}): Promise<Browser> {
  if (options.lang) {
    return chromium.launch({
      ...CHROMIUM_LAUNCH,
      args: [...(CHROMIUM_LAUNCH.args ?? []), `--lang=${options.lang}`],
    });
  }
  const endpoint = inject('chromiumEndpoint');
  return endpoint ? chromium.connect(endpoint) : chromium.launch(CHROMIUM_LAUNCH);
}
