// Types for the templates: Astro's own, and Astro.locals as the generator fills it (SiteLocals in
// generator/site-model.ts).
/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    site: import('../generator/site-model').SiteLocals['site'];
    page: import('../generator/site-model').SiteLocals['page'];
    /** Only for the landing page route (templates/pages/main-site/). */
    landing?: import('../generator/landing-model').LandingModel;
  }
}
