// Global setup (vitest.config.ts, system tests): one Chromium for the whole run, which
// tests/support/browser.ts connects every test file to, instead of a browser started and stopped by
// each of them. Closed at the end of the run.
import { existsSync } from 'node:fs';
import { chromium, type LaunchOptions } from 'playwright-core';
import type { TestProject } from 'vitest/node';

/**
 * Debian's headless shell (`apt-get install -y chromium-headless-shell`, built from the same Chromium
 * source as `chromium`) when it is installed, else Debian's `chromium`; no tool ever downloads a
 * browser. The shell is Chromium's engine without the desktop browser around it (what Playwright
 * runs for headless tests by default): on four browser files it took Chromium's CPU from 35 s to
 * 16 s and the whole suite from 218 s to 152 s (CHANGELOG.md). `CHROMIUM_BIN` picks another.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM_BIN =
  process.env.CHROMIUM_BIN ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/**
 * The flags ARCHITECTURE.md lists, and one of our own for V8: `--max-opt=1` stops at Sparkplug, the
 * baseline compiler, so a test page's scripts never go to Maglev or TurboFan. Every page a test opens
 * lives for seconds; the optimising compilers' work (on threads of the renderer) paid for itself in
 * none of them. Scripts behave the same on every tier. Four browser files (25 tests), alternating two
 * rounds each: Chromium 49.7 / 46.0 → 40.0 / 40.8 s of CPU, wall 61 / 56 → 55 / 53 s (`--max-opt=0`,
 * the interpreter alone, 42.2 / 40.8 s).
 */
export const CHROMIUM_LAUNCH: LaunchOptions = {
  executablePath: CHROMIUM_BIN,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
    '--js-flags=--max-opt=1',
  ],
};

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer(CHROMIUM_LAUNCH);
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
