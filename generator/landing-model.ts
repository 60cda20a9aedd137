// What the landing page is rendered from (the spec's Overview, Screens Landing page, Limits): how many companies exist,
// whether the sections reorder and the company cards (rules/landing.ts decides both). Built by
// generator/landing.ts from the database; the templates read only this.

import type { LandingCard } from '../rules/landing';

export type { LandingCard };

export interface LandingModel {
  companyCount: number;
  reorder: boolean;
  cards: LandingCard[];
}

export const EMPTY_LANDING: LandingModel = Object.freeze({ companyCount: 0, reorder: false, cards: [] });

/** The folder under `storage/sites/` with the main site's data-dependent pages (the landing page). */
export const MAIN_SITE_FOLDER = '_main';
