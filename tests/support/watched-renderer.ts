// A site renderer that hands each document's locals to `before`, then renders it with the real one,
// whichever way it is asked (the HTML as a string, or a site file's bytes): for the tests that count
// what is rendered, or fail or die at a given document.
import type { SiteRenderer } from '../../generator/astro-renderer';
import type { SiteLocals } from '../../generator/site-model';

export function watchedRenderer(renderer: SiteRenderer, before: (locals: SiteLocals) => void): SiteRenderer {
  return {
    ...(renderer.templates === undefined ? {} : { templates: renderer.templates }),
    async renderPage(locals) {
      before(locals);
      return renderer.renderPage(locals);
    },
    async renderPageBytes(locals) {
      before(locals);
      return renderer.renderPageBytes(locals);
    },
  };
}
