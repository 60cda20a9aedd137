// The picture a page shows when the owner has not chosen one: the company's trade scene in its
// theme's colours (scenes/scene-svg.ts). The build writes every scene to the marketing build's
// `_astro/` folder, which every host serves (main host, subdomain, custom domain) with a year's
// immutable caching; the file name carries a hash of the drawing, so a new drawing is a new name.
import { createHash } from 'node:crypto';
import type { Company } from '../../../db';
import { getTheme, type ThemeId } from '../../../rules/themes';
import { SCENE_HEIGHT, SCENE_WIDTH, sceneSvg } from '../scenes/scene-svg';
import { type SceneTrade, sceneTrade } from './trade-slug';

export interface SceneFile {
  /** Flat file name inside `_astro/`. */
  name: string;
  svg: string;
}

export interface DefaultImage {
  src: string;
  width: number;
  height: number;
}

const files = new Map<string, SceneFile>();

/** The file of one trade's scene in one theme (memoised: a publish asks for it on every page). */
export function sceneFile(trade: SceneTrade, theme: ThemeId): SceneFile {
  const key = `${trade}-${theme}`;
  let file = files.get(key);
  if (file === undefined) {
    const svg = sceneSvg(trade, getTheme(theme).colors);
    const hash = createHash('sha256').update(svg).digest('hex').slice(0, 10);
    file = { name: `scene-${key}-${hash}.svg`, svg };
    files.set(key, file);
  }
  return file;
}

/** The company's default picture: its trade's scene (trade-slug.ts) in its theme's colours. */
export function defaultImage(
  company: Pick<Company, 'industryDesc' | 'name' | 'theme'> & { industryCode?: string },
): DefaultImage {
  const file = sceneFile(sceneTrade(company), getTheme(company.theme).id);
  return { src: `/_astro/${file.name}`, width: SCENE_WIDTH, height: SCENE_HEIGHT };
}
