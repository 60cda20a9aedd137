// @ts-check
// Server entry of the build (see ./index.mjs): Astro calls createExports with the build's manifest,
// and dist/site/server/entry.mjs re-exports what it returns.
import { App } from 'astro/app';

/** @param {import('astro').SSRManifest} manifest */
export function createExports(manifest) {
  return {
    // Not streaming: the whole page is rendered before the Response exists, so a template error
    // becomes a 500 instead of a broken body.
    createApp: () => new App(manifest, false),
  };
}
