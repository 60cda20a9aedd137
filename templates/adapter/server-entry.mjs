// @ts-check
// Server entry of the build (see ./index.mjs): Astro calls createExports with the build's manifest,
// and dist/site/server/entry.mjs re-exports what it returns.
import { App } from 'astro/app';

/**
 * Loads a lazy module once. Astro's manifest holds `() => import(…)` loaders that App calls on every
 * render; under a runtime with module loader hooks (tsx, which runs our workers) each import() is a
 * round trip to the hooks thread, and a profile of a rebuild put a fifth of the time there.
 * @template T
 * @param {() => Promise<T>} load
 * @returns {() => Promise<T>}
 */
function once(load) {
  /** @type {Promise<T> | undefined} */
  let loaded;
  return () => {
    loaded ??= load();
    return loaded;
  };
}

/** @param {import('astro').SSRManifest} manifest */
function withModulesLoadedOnce(manifest) {
  const pageMap = new Map();
  for (const [component, load] of manifest.pageMap ?? []) {
    pageMap.set(
      component,
      once(async () => {
        const module = await load();
        return { ...module, page: once(module.page) };
      }),
    );
  }
  return {
    ...manifest,
    pageMap,
    middleware: manifest.middleware && once(manifest.middleware),
    actions: manifest.actions && once(manifest.actions),
  };
}

/** @param {import('astro').SSRManifest} manifest */
export function createExports(manifest) {
  return {
    // Not streaming: the whole page is rendered before the Response exists, so a template error
    // becomes a 500 instead of a broken body.
    createApp: () => new App(withModulesLoadedOnce(manifest), false),
  };
}
