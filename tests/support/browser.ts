// Debian's Chromium driven by playwright-core, with the flags ARCHITECTURE.md lists; no tool ever
// downloads a browser of its own.
import { type Browser, chromium } from 'playwright-core';

const CHROMIUM_PATH = '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
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
    ],
  });
}
