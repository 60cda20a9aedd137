// Which drawn scene a company gets, from the words of its industry description and, failing that,
// its name. A stand-in: once the trade profiles (rules/trades) land, the profile's own scene key
// replaces this function (defaultImage in default-image.ts is the one caller).

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
  'generel',
] as const;

export type SceneTrade = (typeof SCENE_TRADES)[number];

// First match wins, so the more specific words come first ("autolakerer" is a car trade, not a
// painter; "kloakmester- og anlægsarbejde" is pipes before it is a garden).
const RULES: readonly [SceneTrade, RegExp][] = [
  ['mekaniker', /autolak|autorep|autoværk|bilrep|bilværk|mekani|motorkøretøj|dækcenter|dækservice|\bdæk/],
  ['frisor', /frisør|frisor|barber|kosmet|skønhed|negle|hårpleje/],
  ['rengoring', /rengør|vinduespud|vinduespol|renhold|facaderens/],
  ['tag', /tagdæk|tækkemand|tækning|tagentrep|tagarbejde|\btag\b/],
  ['vvs', /vvs|blikkenslag|kloak|sanitet|rørlæg|varme|ventilation/],
  ['gartner', /gartner|anlæg|brolæg|landskab|have|belægning/],
  ['elektriker', /elektri|el-install|elinstall|\bel\b|el-service/],
  ['maler', /maler|tapet|lakerer/],
  ['murer', /murer|mureri|flisel|stukkat|murværk/],
  ['tomrer', /tømrer|snedker|tømmer|bygningsarbejde|byggeri|entrepren|tømrer/],
];

/** The scene for a company; `generel` (a house and a van) when no word matches. */
export function sceneTrade(industryDesc: string, name = ''): SceneTrade {
  for (const text of [industryDesc, name]) {
    const words = text.toLowerCase();
    if (words.trim() === '') continue;
    for (const [trade, pattern] of RULES) if (pattern.test(words)) return trade;
  }
  return 'generel';
}
