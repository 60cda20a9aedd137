// Global setup (vitest.config.ts, system tests): one Chromium for the whole run, which
// tests/support/browser.ts connects every test file to, instead of a browser started and stopped by
// each of them. Closed at the end of the run.
import { chromium, type LaunchOptions } from 'playwright-core';
import type { TestProject } from 'vitest/node';

/** Debian's Chromium (no tool ever downloads a browser) with the flags ARCHITECTURE.md lists. */
export const CHROMIUM_LAUNCH: LaunchOptions = {
  executablePath: '/usr/bin/chromium',
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
};

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer(CHROMIUM_LAUNCH);
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
