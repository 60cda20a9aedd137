// Debian's Chromium driven by playwright-core, with the flags ARCHITECTURE.md lists; no tool ever
// downloads a browser of its own.
import { type Browser, chromium } from 'playwright-core';

const CHROMIUM_PATH = '/usr/bin/chromium';

/** `lang` sets the browser's own language (`--lang`), the one its built-in form messages speak. */
export function launchChromium(options: { lang?: string } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...(options.lang ? [`--lang=${options.lang}`] : []),
    ],
  });
}
