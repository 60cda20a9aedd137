// Which drawn scene a company gets: the company's trade profile (rules/trades: by DB07 code, the
// industry description's words, then its name) mapped to one of the scenes drawn in
// scenes/scene-svg.ts. Trades without a scene of their own borrow the closest one.
import { findTradeProfile } from '../../../rules/trades';

export const SCENE_TRADES = [
  'tomrer',
  'murer',
  'maler',
  'vvs',
  'elektriker',
  'tag',
  'gartner',
  'mekaniker',
  'frisor',
  'rengoring',
  'glas',
  'smed',
  'laas',
  'kloak',
  'flytning',
  'sten',
  'generel',
] as const;

export type SceneTrade = (typeof SCENE_TRADES)[number];

/**
 * Profile id → scene; a profile not listed (the neutral one among them) gets `generel`, and so does
 * the skadedyrsbekæmper on purpose: a house and the company's van is what its work looks like.
 */
const SCENE_OF_PROFILE: Readonly<Record<string, SceneTrade>> = {
  tomrer: 'tomrer',
  snedker: 'tomrer',
  entreprenor: 'tomrer',
  byggefirma: 'tomrer',
  isolator: 'tomrer',
  gulvlaegger: 'tomrer',
  stenhugger: 'sten',
  murer: 'murer',
  nedrivning: 'murer',
  stukkator: 'murer',
  fuger: 'murer',
  stillads: 'murer',
  maler: 'maler',
  vvs: 'vvs',
  blikkenslager: 'vvs',
  kloakmester: 'kloak',
  ventilation: 'vvs',
  fliselaegger: 'vvs',
  kolemontor: 'vvs',
  elektriker: 'elektriker',
  solceller: 'elektriker',
  tagdaekker: 'tag',
  taekkemand: 'tag',
  skorstensfejer: 'tag',
  anlaegsgartner: 'gartner',
  brolaegger: 'gartner',
  gartner: 'gartner',
  mekaniker: 'mekaniker',
  autolakerer: 'mekaniker',
  daekcenter: 'mekaniker',
  frisor: 'frisor',
  kosmetolog: 'frisor',
  rengoring: 'rengoring',
  vinduespudser: 'rengoring',
  glarmester: 'glas',
  smed: 'smed',
  laasesmed: 'laas',
  flyttefirma: 'flytning',
  vognmand: 'flytning',
};

/** The scene for a company; `generel` (a house and a van) when its trade has none. */
export function sceneTrade(company: {
  industryCode?: string;
  industryDesc: string;
  name: string;
}): SceneTrade {
  const profile = findTradeProfile({
    industryCode: company.industryCode ?? null,
    industryDesc: company.industryDesc,
    companyName: company.name,
  });
  return SCENE_OF_PROFILE[profile.id] ?? 'generel';
}
