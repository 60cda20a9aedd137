// The CVR registry for CVR_API_URL=demo: fictional companies, one or more per trade the product
// serves (the spec's Overview), answered without any network. Every CVR here FAILS the official CVR
// modulus-11 check, so none can belong to a real company, and none is one of the seeded demo
// companies (12345678, 87654321, 11223344), so each can be onboarded on a fresh install. Industry
// texts and DB07 codes are written as the registry writes them; the Kloak & Anlæg company has no code,
// so a demo also shows a profile found from the industry description's words. The glarmester (433400,
// shared with painters) and the kloakmester (439990, a catch-all) are known by their names' trade, and
// so are the two whose code points at another trade (issue 42): a chimney sweep filed under a cleaning
// code, and an upholsterer (a trade without a profile) under the furniture makers' code; the last one's
// trade nobody can tell, so its site shows neutral text and the registry's category.
import { AppError } from '../../lib/errors';
import { MESSAGES } from '../../rules/messages';
import type { CvrCompany, CvrRegistry } from './contracts';

export const DEMO_TRADES = [
  'tømrer',
  'murer',
  'vvs',
  'maler',
  'vinduespudser',
  'mekaniker',
  'elektriker',
  'kloak-anlæg',
  'frisør',
  'autoværksted',
  'glarmester',
  'kloakmester',
  'skorstensfejer',
  'møbelpolstrer',
  'ukendt fag',
] as const;

type DemoTrade = (typeof DEMO_TRADES)[number];

export interface DemoRegistryEntry {
  trade: DemoTrade;
  company: CvrCompany;
}

function entry(trade: DemoTrade, company: CvrCompany): DemoRegistryEntry {
  return { trade, company: Object.freeze(company) };
}

/** The fictional companies (names say "Eksempel"; e-mails end in .example). */
export const DEMO_REGISTRY_COMPANIES: readonly DemoRegistryEntry[] = Object.freeze([
  entry('tømrer', {
    cvr: '99000101',
    name: 'Tømrerfirmaet Eksempel ApS',
    address: 'Savværksvej 4',
    zipcode: '8600',
    city: 'Silkeborg',
    phone: '86 00 01 01',
    email: 'kontakt@toemrer-eksempel.example',
    industrydesc: 'Tømrer- og bygningssnedkervirksomhed',
    industrycode: '433200',
    companydesc: 'Anpartsselskab',
    startdate: '01/03 - 2009',
    employees: 6,
  }),
  entry('murer', {
    cvr: '99000202',
    name: 'Murermester Eksempel & Søn',
    address: 'Teglværksgade 17',
    zipcode: '5700',
    city: 'Svendborg',
    phone: '62 00 02 02',
    email: 'post@murer-eksempel.example',
    industrydesc: 'Murere',
    industrycode: '439910',
    companydesc: 'Interessentskab',
    startdate: '15/08 - 1998',
    employees: 3,
  }),
  entry('vvs', {
    cvr: '99000303',
    name: 'Eksempel VVS & Blik ApS',
    address: 'Rørledningen 9',
    zipcode: '4600',
    city: 'Køge',
    phone: '56 00 03 03',
    email: 'info@vvs-eksempel.example',
    industrydesc: 'VVS- og blikkenslagerforretninger',
    industrycode: '432200',
    companydesc: 'Anpartsselskab',
    startdate: '01/01 - 2015',
    employees: 12,
  }),
  entry('maler', {
    cvr: '99000404',
    name: 'Malerfirmaet Eksempel',
    address: 'Penselstien 2',
    zipcode: '7100',
    city: 'Vejle',
    phone: '75 00 04 04',
    email: 'maler@maler-eksempel.example',
    industrydesc: 'Malerforretninger',
    industrycode: '433410',
    companydesc: 'Enkeltmandsvirksomhed',
    startdate: '10/05 - 2018',
    employees: 2,
  }),
  entry('vinduespudser', {
    cvr: '99000505',
    name: 'Eksempel Vinduespudsning',
    address: 'Klarsyn Allé 31',
    zipcode: '9000',
    city: 'Aalborg',
    phone: '98 00 05 05',
    email: 'kontakt@vinduespudser-eksempel.example',
    industrydesc: 'Vinduespolering',
    industrycode: '812210',
    companydesc: 'Enkeltmandsvirksomhed',
    startdate: '01/04 - 2020',
    employees: 1,
  }),
  entry('mekaniker', {
    cvr: '99000606',
    name: 'Mekanikeren Eksempel ApS',
    address: 'Motorvej 44',
    zipcode: '6700',
    city: 'Esbjerg',
    phone: '75 00 06 06',
    email: 'service@mekaniker-eksempel.example',
    industrydesc: 'Almindelig reparation og vedligeholdelse af motorkøretøjer',
    industrycode: '452010',
    companydesc: 'Anpartsselskab',
    startdate: '20/02 - 2011',
    employees: 4,
  }),
  entry('elektriker', {
    cvr: '99000707',
    name: 'Eksempel El-Installation A/S',
    address: 'Strømmen 7',
    zipcode: '8000',
    city: 'Aarhus C',
    phone: '87 00 07 07',
    email: 'el@el-eksempel.example',
    industrydesc: 'Elinstallation',
    industrycode: '432100',
    companydesc: 'Aktieselskab',
    startdate: '01/09 - 2004',
    employees: 25,
  }),
  entry('kloak-anlæg', {
    cvr: '99000808',
    name: 'Kloak & Anlæg Eksempel ApS',
    address: 'Gravemarken 3',
    zipcode: '4200',
    city: 'Slagelse',
    phone: '58 00 08 08',
    email: 'kontakt@kloak-eksempel.example',
    industrydesc: 'Kloakmester- og anlægsarbejde',
    industrycode: '',
    companydesc: 'Anpartsselskab',
    startdate: '01/06 - 2013',
    employees: 9,
  }),
  entry('frisør', {
    cvr: '99000909',
    name: 'Frisør Eksempel',
    address: 'Saksegade 11',
    zipcode: '5000',
    city: 'Odense C',
    phone: '66 00 09 09',
    email: 'tid@frisoer-eksempel.example',
    industrydesc: 'Frisører',
    industrycode: '960210',
    companydesc: 'Enkeltmandsvirksomhed',
    startdate: '01/11 - 2016',
    employees: 3,
  }),
  entry('autoværksted', {
    cvr: '99001010',
    name: 'Autoværkstedet Eksempel I/S',
    address: 'Karosserivej 21',
    zipcode: '3400',
    city: 'Hillerød',
    phone: '48 00 10 10',
    email: 'vaerksted@auto-eksempel.example',
    industrydesc: 'Autoreparation, karrosseri- og lakarbejde',
    industrycode: '452020',
    companydesc: 'Interessentskab',
    startdate: '01/02 - 2007',
    employees: null,
  }),
  entry('glarmester', {
    cvr: '99001111',
    name: 'Glarmester Eksempel & Co. A/S',
    address: 'Rudevej 8',
    zipcode: '5200',
    city: 'Odense V',
    phone: '66 00 11 11',
    email: 'glas@glarmester-eksempel.example',
    industrydesc: 'Malerforretninger og glarmestre',
    industrycode: '433400',
    companydesc: 'Aktieselskab',
    startdate: '01/04 - 1987',
    employees: 7,
  }),
  entry('kloakmester', {
    cvr: '99001212',
    name: 'Kloakmester Jens Eksempel ApS',
    address: 'Drænvej 12',
    zipcode: '7400',
    city: 'Herning',
    phone: '97 00 12 12',
    email: 'kontakt@kloakmester-eksempel.example',
    industrydesc: 'Anden bygge- og anlægsvirksomhed i.a.n.',
    industrycode: '439990',
    companydesc: 'Anpartsselskab',
    startdate: '01/08 - 2012',
    employees: 5,
  }),
  entry('skorstensfejer', {
    cvr: '99001314',
    name: 'Skorstensfejer Eksempel ApS',
    address: 'Sodvej 3',
    zipcode: '6760',
    city: 'Ribe',
    phone: '75 00 13 14',
    email: 'fejer@skorstensfejer-eksempel.example',
    industrydesc: 'Andre rengøringsydelser',
    industrycode: '812900',
    companydesc: 'Anpartsselskab',
    startdate: '01/05 - 1998',
    employees: 3,
  }),
  entry('møbelpolstrer', {
    cvr: '99001414',
    name: 'Møbelpolstrer Eksempel',
    address: 'Stoppegade 9',
    zipcode: '4700',
    city: 'Næstved',
    phone: '55 00 14 14',
    email: 'post@polstrer-eksempel.example',
    industrydesc: 'Fremstilling af andre møbler',
    industrycode: '310900',
    companydesc: 'Enkeltmandsvirksomhed',
    startdate: '15/09 - 2016',
    employees: 1,
  }),
  entry('ukendt fag', {
    cvr: '99001515',
    name: 'Eksempel Byg ApS',
    address: 'Værkstedsvej 15',
    zipcode: '4760',
    city: 'Vordingborg',
    phone: '55 00 15 15',
    email: 'info@byg-eksempel.example',
    industrydesc: 'Anden specialiseret bygge- og anlægsvirksomhed i.a.n.',
    industrycode: '439990',
    companydesc: 'Anpartsselskab',
    startdate: '01/06 - 2015',
    employees: 4,
  }),
]);

export function createDemoRegistry(): CvrRegistry {
  const byCvr = new Map(DEMO_REGISTRY_COMPANIES.map(({ company }) => [company.cvr, company]));
  return {
    async lookup(cvr) {
      const company = byCvr.get(cvr);
      if (!company) throw new AppError('not_found', MESSAGES.cvrNotFound);
      return { ...company };
    },
  };
}
