import { describe, expect, it } from 'vitest';
import { findTrade, findTradeProfile, NEUTRAL_PROFILE } from './index';

function id(industryCode: string | null, industryDesc: string, companyName: string): string {
  return findTradeProfile({ industryCode, industryDesc, companyName }).id;
}

describe('findTrade', () => {
  it('takes the trade a company name names over a shared code (issue 23)', () => {
    expect(id('433400', 'Malerforretninger og glarmestre', 'Glarmester Nielsen & Co. A/S')).toBe(
      'glarmester',
    );
    expect(id('433400', 'Malerforretninger og glarmestre', 'Malerfirmaet Hansen')).toBe('maler');
    // A name naming neither of the code's trades leaves the first the registry names.
    expect(id('433400', 'Malerforretninger og glarmestre', 'Nielsen & Søn ApS')).toBe('maler');
    expect(id('432200', 'VVS- og blikkenslagerforretninger', 'Hansens Blikkenslageri')).toBe('blikkenslager');
    expect(id('432200', 'VVS- og blikkenslagerforretninger', 'Eksempel VVS & Blik ApS')).toBe('vvs');
    expect(id('432200', 'VVS- og blikkenslagerforretninger', 'Holm ApS')).toBe('vvs');
    expect(id('439100', 'Tagdækning', 'Tækkemand Ole Lund')).toBe('taekkemand');
    expect(id('439100', 'Tagdækning', 'Vestjysk Tag ApS')).toBe('tagdaekker');
  });

  it('takes the trade a company name names over a generic code (issue 23)', () => {
    expect(id('439990', 'Anden bygge- og anlægsvirksomhed i.a.n.', 'Kloakmester Jens Holm ApS')).toBe(
      'kloakmester',
    );
    expect(id('412000', 'Opførelse af nye bygninger', 'Tømrermester Bent Olsen')).toBe('tomrer');
    // 439990 names building in general, no trade: a name naming none leaves the trade unknown, never
    // the entreprenør's earthworks for what may be a fuger or a scaffolder.
    expect(id('439990', 'Anden bygge- og anlægsvirksomhed i.a.n.', 'Holm Byg ApS')).toBe('neutral');
    expect(id(null, 'Anden specialiseret bygge- og anlægsvirksomhed', 'Holm Byg ApS')).toBe('neutral');
    expect(id('412000', 'Opførelse af nye bygninger', 'Holm Byg ApS')).toBe('byggefirma');
    // No code, or one no profile knows, and a description naming no trade: the name decides.
    expect(id(null, 'Anden rådgivning', 'Låsesmeden ApS')).toBe('laasesmed');
    expect(id('960900', 'Anden personlig service i.a.n.', 'Vinduespudser Ole Berg')).toBe('vinduespudser');
    expect(findTradeProfile({ industryDesc: 'Anden rådgivning', companyName: 'Jensen ApS' })).toBe(
      NEUTRAL_PROFILE,
    );
  });

  it('takes the trade a company name names over a specific code of another trade (issue 42)', () => {
    // The chimney sweep the issue found: filed under a cleaning code, it is a chimney sweep.
    expect(id('812900', 'Andre rengøringsydelser', 'Skorstensfejer Eksempel ApS')).toBe('skorstensfejer');
    expect(id('812100', 'Almindelig rengøring i bygninger', 'Skorstensfejermester Bo Lund')).toBe(
      'skorstensfejer',
    );
    expect(id('433200', 'Tømrer- og bygningssnedkervirksomhed', 'Malerfirmaet Hansen')).toBe('maler');
    expect(id('439910', 'Murere', 'Jensens Kloakservice ApS')).toBe('kloakmester');
    expect(id('432200', 'VVS- og blikkenslagerforretninger', 'Holm El-Service')).toBe('elektriker');
    expect(id('812210', 'Vinduespudsning', 'Smedegaard Service')).toBe('vinduespudser');
    expect(findTrade({ industryCode: '812900', companyName: 'Skorstensfejer Eksempel' })).toMatchObject({
      kind: 'profile',
      by: 'name',
    });
    expect(findTrade({ industryCode: '812900', companyName: 'Eksempel ApS' })).toMatchObject({
      kind: 'profile',
      id: 'rengoring',
      by: 'registry',
    });
  });

  it('gives a trade named in the name that has no profile the unknown trade, with its own word', () => {
    const watchmaker = findTrade({
      industryCode: '812900',
      industryDesc: 'Andre rengøringsydelser',
      companyName: 'Urmager Hansen ApS',
    });
    expect(watchmaker).toMatchObject({
      kind: 'unknown',
      id: 'neutral',
      profile: NEUTRAL_PROFILE,
      registryCategory: 'Andre rengøringsydelser',
    });
    expect(watchmaker.kind === 'unknown' && watchmaker.ownTrade?.word).toBe('Urmager');
    expect(watchmaker.kind === 'unknown' && watchmaker.ownTrade?.noun.singular).toBe('urmager');
    // Under a builder's code an architect gets no builder's services.
    expect(id('412000', 'Opførelse af nye bygninger', 'Arkitektfirmaet Eksempel ApS')).toBe('neutral');
    const photographer = findTrade({ industryCode: '433410', companyName: 'Eksempel Fotografi' });
    expect(photographer.kind === 'unknown' && photographer.ownTrade?.word).toBe('Fotografi');
    // A name naming no trade and a registry naming none: unknown, with the registry's category only.
    expect(findTrade({ industryDesc: ' Anden  rådgivning ', companyName: 'Jensen ApS' })).toEqual({
      kind: 'unknown',
      id: 'neutral',
      profile: NEUTRAL_PROFILE,
      ownTrade: null,
      registryCategory: 'Anden rådgivning',
    });
    expect(findTrade({ companyName: 'Jensen ApS' })).toMatchObject({
      ownTrade: null,
      registryCategory: null,
    });
  });

  it('lets a word that only hints at a trade decide only when the registry names none', () => {
    expect(id('452020', 'Autolakering og karrosseriarbejde', 'Nord Auto ApS')).toBe('autolakerer');
    expect(id('960220', 'Skønhedssaloner', 'Salon Bella')).toBe('kosmetolog');
    expect(id('433200', 'Tømrer- og bygningssnedkervirksomhed', 'Glas & Træ Eksempel')).toBe('tomrer');
    expect(id('494200', 'Flytteforretninger', 'Eksempel Transport & Flytning')).toBe('flyttefirma');
    expect(id('494100', 'Vejgodstransport', 'Eksempel Transport & Flytning')).toBe('vognmand');
    expect(id('960900', 'Anden personlig service i.a.n.', 'Nord Auto ApS')).toBe('mekaniker');
    expect(id(null, '', 'Salon Bella')).toBe('frisor');
  });

  it('reads a short trade word only as a whole word of the name', () => {
    expect(id('432100', 'Elinstallation', 'Hansen VVS & El ApS')).toBe('elektriker');
    expect(id('432200', 'VVS- og blikkenslagerforretninger', 'Hansen VVS & El ApS')).toBe('vvs');
    expect(id('433200', 'Tømrer- og bygningssnedkervirksomhed', 'Nord El-firma')).toBe('elektriker');
    expect(id('433200', 'Tømrer- og bygningssnedkervirksomhed', 'Elmegaard Byg')).toBe('tomrer');
    expect(id(null, 'Almindelig rengøring i bygninger', 'Elise Hansen')).toBe('rengoring');
  });

  it('prefers, of several trades a name names, the one the registry names too', () => {
    expect(
      id(
        '162300',
        'Fremstilling af andet tømrer- og snedkerarbejde til byggeriet',
        'Jensen Tømrer & Snedker',
      ),
    ).toBe('snedker');
    expect(id('433410', 'Malerforretninger', 'Tømrer & Maler Holm')).toBe('maler');
    expect(id('439990', 'Anden bygge- og anlægsvirksomhed i.a.n.', 'Tømrer & Maler Holm')).toBe('tomrer');
  });

  it('reads a description without a code part by part', () => {
    expect(id(null, 'Tømrer- og bygningssnedkervirksomhed', 'Hansen ApS')).toBe('tomrer');
    expect(id(null, 'Tømrer- og bygningssnedkervirksomhed', 'Malerfirmaet Hansen')).toBe('maler');
    expect(id(null, 'Kloakmester- og anlægsarbejde', 'Kloak & Anlæg Eksempel ApS')).toBe('kloakmester');
    expect(id(null, 'Kloakmester- og anlægsarbejde', 'Holm ApS')).toBe('kloakmester');
    expect(id(null, 'Malerforretninger og glarmestre', 'Glarmester Nielsen & Co. A/S')).toBe('glarmester');
  });

  it('reads a name word by word: the first trade named, the longest stem, no look-alikes', () => {
    const generic = ['439990', 'Anden bygge- og anlægsvirksomhed i.a.n.'] as const;
    expect(id(...generic, 'Låsesmeden Eksempel')).toBe('laasesmed');
    expect(id(...generic, 'Jensen Smed & Låse')).toBe('smed');
    expect(id(...generic, 'Autoriseret Kloakmester Holm')).toBe('kloakmester');
    expect(id(...generic, 'Smedegaard Byg ApS')).toBe('neutral');
    // A stem inside a word is no trade: 'Klokkeblomst' holds no 'kloak', 'Holmstag' no 'tag'.
    expect(id(...generic, 'Bymaleriet ApS')).toBe('neutral');
    expect(id(...generic, 'Holmstag ApS')).toBe('neutral');
  });
});
