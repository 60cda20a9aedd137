// @ts-check
// The Astro adapter of our own: the server build exports `createApp()` so the generator can render
// company pages in-process (generator/astro-renderer.ts) instead of serving them over HTTP.

/** @returns {import('astro').AstroIntegration} */
export function siteRendererAdapter() {
  return {
    name: 'mesterside-site-renderer',
    hooks: {
      'astro:config:done': ({ setAdapter }) => {
        setAdapter({
          name: 'mesterside-site-renderer',
          serverEntrypoint: new URL('./server-entry.mjs', import.meta.url),
          exports: ['createApp'],
          adapterFeatures: { buildOutput: 'server', edgeMiddleware: false },
          supportedAstroFeatures: {
            staticOutput: 'stable',
            hybridOutput: 'stable',
            serverOutput: 'stable',
            envGetSecret: 'unsupported',
            i18nDomains: 'unsupported',
          },
        });
      },
    },
  };
}
