// The 98 Danish municipalities (issue 42 item 4): the owner picks the municipalities the company
// drives to, by name or by postcode (rules/postcodes.ts holds the postcodes in each, apart, so the
// admin loads them only when the owner types a postcode).
//
// Source: PostNord's postcode file (postnummerfil, "KOMMUNE_NR;POSTNR" rows, one per municipality a
// postcode reaches; https://www.postnord.dk/kundeservice/kundeservice-erhverv/om-postnumre/postnummerkort-postnummerfiler),
// as published 2020-10-17 and read 2026-11-28. The municipal codes are the official four-digit
// kommunekoder that Danmarks Adressers Web API (DAWA, https://api.dataforsyningen.dk/kommuner and
// /postnumre) uses too; the 98 municipalities have not changed since 2007. Special postcodes below
// 1000 (firms' own, abroad) and Christiansø (no municipality) are left out. A postcode can reach
// several municipalities (2000 Frederiksberg lies in Frederiksberg and København), so it is listed
// under each. Postcodes change rarely; refresh this table from DAWA's /postnumre when PostNord
// announces a change.

export const MUNICIPALITIES_SOURCE =
  'PostNord postnummerfil (2020-10-17) with the kommunekoder of DAWA (api.dataforsyningen.dk/kommuner)';
export const MUNICIPALITIES_CHECKED = '2026-11-28';

export interface Municipality {
  /** The official four-digit kommunekode, '0101'. */
  code: string;
  /** The name as Danes say it in running text: 'København', 'Lyngby-Taarbæk'. */
  name: string;
  /** The official name: 'Københavns Kommune'. */
  officialName: string;
  region: 'Hovedstaden' | 'Sjælland' | 'Syddanmark' | 'Midtjylland' | 'Nordjylland';
}

// code, name, official name, region.
type Row = readonly [string, string, string, Municipality['region']];

const ROWS: readonly Row[] = [
  ['0101', 'København', 'Københavns Kommune', 'Hovedstaden'],
  ['0147', 'Frederiksberg', 'Frederiksberg Kommune', 'Hovedstaden'],
  ['0151', 'Ballerup', 'Ballerup Kommune', 'Hovedstaden'],
  ['0153', 'Brøndby', 'Brøndby Kommune', 'Hovedstaden'],
  ['0155', 'Dragør', 'Dragør Kommune', 'Hovedstaden'],
  ['0157', 'Gentofte', 'Gentofte Kommune', 'Hovedstaden'],
  ['0159', 'Gladsaxe', 'Gladsaxe Kommune', 'Hovedstaden'],
  ['0161', 'Glostrup', 'Glostrup Kommune', 'Hovedstaden'],
  ['0163', 'Herlev', 'Herlev Kommune', 'Hovedstaden'],
  ['0165', 'Albertslund', 'Albertslund Kommune', 'Hovedstaden'],
  ['0167', 'Hvidovre', 'Hvidovre Kommune', 'Hovedstaden'],
  ['0169', 'Høje-Taastrup', 'Høje-Taastrup Kommune', 'Hovedstaden'],
  ['0173', 'Lyngby-Taarbæk', 'Lyngby-Taarbæk Kommune', 'Hovedstaden'],
  ['0175', 'Rødovre', 'Rødovre Kommune', 'Hovedstaden'],
  ['0183', 'Ishøj', 'Ishøj Kommune', 'Hovedstaden'],
  ['0185', 'Tårnby', 'Tårnby Kommune', 'Hovedstaden'],
  ['0187', 'Vallensbæk', 'Vallensbæk Kommune', 'Hovedstaden'],
  ['0190', 'Furesø', 'Furesø Kommune', 'Hovedstaden'],
  ['0201', 'Allerød', 'Allerød Kommune', 'Hovedstaden'],
  ['0210', 'Fredensborg', 'Fredensborg Kommune', 'Hovedstaden'],
  ['0217', 'Helsingør', 'Helsingør Kommune', 'Hovedstaden'],
  ['0219', 'Hillerød', 'Hillerød Kommune', 'Hovedstaden'],
  ['0223', 'Hørsholm', 'Hørsholm Kommune', 'Hovedstaden'],
  ['0230', 'Rudersdal', 'Rudersdal Kommune', 'Hovedstaden'],
  ['0240', 'Egedal', 'Egedal Kommune', 'Hovedstaden'],
  ['0250', 'Frederikssund', 'Frederikssund Kommune', 'Hovedstaden'],
  ['0253', 'Greve', 'Greve Kommune', 'Sjælland'],
  ['0259', 'Køge', 'Køge Kommune', 'Sjælland'],
  ['0260', 'Halsnæs', 'Halsnæs Kommune', 'Hovedstaden'],
  ['0265', 'Roskilde', 'Roskilde Kommune', 'Sjælland'],
  ['0269', 'Solrød', 'Solrød Kommune', 'Sjælland'],
  ['0270', 'Gribskov', 'Gribskov Kommune', 'Hovedstaden'],
  ['0306', 'Odsherred', 'Odsherred Kommune', 'Sjælland'],
  ['0316', 'Holbæk', 'Holbæk Kommune', 'Sjælland'],
  ['0320', 'Faxe', 'Faxe Kommune', 'Sjælland'],
  ['0326', 'Kalundborg', 'Kalundborg Kommune', 'Sjælland'],
  ['0329', 'Ringsted', 'Ringsted Kommune', 'Sjælland'],
  ['0330', 'Slagelse', 'Slagelse Kommune', 'Sjælland'],
  ['0336', 'Stevns', 'Stevns Kommune', 'Sjælland'],
  ['0340', 'Sorø', 'Sorø Kommune', 'Sjælland'],
  ['0350', 'Lejre', 'Lejre Kommune', 'Sjælland'],
  ['0360', 'Lolland', 'Lolland Kommune', 'Sjælland'],
  ['0370', 'Næstved', 'Næstved Kommune', 'Sjælland'],
  ['0376', 'Guldborgsund', 'Guldborgsund Kommune', 'Sjælland'],
  ['0390', 'Vordingborg', 'Vordingborg Kommune', 'Sjælland'],
  ['0400', 'Bornholm', 'Bornholms Regionskommune', 'Hovedstaden'],
  ['0410', 'Middelfart', 'Middelfart Kommune', 'Syddanmark'],
  ['0420', 'Assens', 'Assens Kommune', 'Syddanmark'],
  ['0430', 'Faaborg-Midtfyn', 'Faaborg-Midtfyn Kommune', 'Syddanmark'],
  ['0440', 'Kerteminde', 'Kerteminde Kommune', 'Syddanmark'],
  ['0450', 'Nyborg', 'Nyborg Kommune', 'Syddanmark'],
  ['0461', 'Odense', 'Odense Kommune', 'Syddanmark'],
  ['0479', 'Svendborg', 'Svendborg Kommune', 'Syddanmark'],
  ['0480', 'Nordfyn', 'Nordfyns Kommune', 'Syddanmark'],
  ['0482', 'Langeland', 'Langeland Kommune', 'Syddanmark'],
  ['0492', 'Ærø', 'Ærø Kommune', 'Syddanmark'],
  ['0510', 'Haderslev', 'Haderslev Kommune', 'Syddanmark'],
  ['0530', 'Billund', 'Billund Kommune', 'Syddanmark'],
  ['0540', 'Sønderborg', 'Sønderborg Kommune', 'Syddanmark'],
  ['0550', 'Tønder', 'Tønder Kommune', 'Syddanmark'],
  ['0561', 'Esbjerg', 'Esbjerg Kommune', 'Syddanmark'],
  ['0563', 'Fanø', 'Fanø Kommune', 'Syddanmark'],
  ['0573', 'Varde', 'Varde Kommune', 'Syddanmark'],
  ['0575', 'Vejen', 'Vejen Kommune', 'Syddanmark'],
  ['0580', 'Aabenraa', 'Aabenraa Kommune', 'Syddanmark'],
  ['0607', 'Fredericia', 'Fredericia Kommune', 'Syddanmark'],
  ['0615', 'Horsens', 'Horsens Kommune', 'Midtjylland'],
  ['0621', 'Kolding', 'Kolding Kommune', 'Syddanmark'],
  ['0630', 'Vejle', 'Vejle Kommune', 'Syddanmark'],
  ['0657', 'Herning', 'Herning Kommune', 'Midtjylland'],
  ['0661', 'Holstebro', 'Holstebro Kommune', 'Midtjylland'],
  ['0665', 'Lemvig', 'Lemvig Kommune', 'Midtjylland'],
  ['0671', 'Struer', 'Struer Kommune', 'Midtjylland'],
  ['0706', 'Syddjurs', 'Syddjurs Kommune', 'Midtjylland'],
  ['0707', 'Norddjurs', 'Norddjurs Kommune', 'Midtjylland'],
  ['0710', 'Favrskov', 'Favrskov Kommune', 'Midtjylland'],
  ['0727', 'Odder', 'Odder Kommune', 'Midtjylland'],
  ['0730', 'Randers', 'Randers Kommune', 'Midtjylland'],
  ['0740', 'Silkeborg', 'Silkeborg Kommune', 'Midtjylland'],
  ['0741', 'Samsø', 'Samsø Kommune', 'Midtjylland'],
  ['0746', 'Skanderborg', 'Skanderborg Kommune', 'Midtjylland'],
  ['0751', 'Aarhus', 'Aarhus Kommune', 'Midtjylland'],
  ['0756', 'Ikast-Brande', 'Ikast-Brande Kommune', 'Midtjylland'],
  ['0760', 'Ringkøbing-Skjern', 'Ringkøbing-Skjern Kommune', 'Midtjylland'],
  ['0766', 'Hedensted', 'Hedensted Kommune', 'Midtjylland'],
  ['0773', 'Morsø', 'Morsø Kommune', 'Nordjylland'],
  ['0779', 'Skive', 'Skive Kommune', 'Midtjylland'],
  ['0787', 'Thisted', 'Thisted Kommune', 'Nordjylland'],
  ['0791', 'Viborg', 'Viborg Kommune', 'Midtjylland'],
  ['0810', 'Brønderslev', 'Brønderslev Kommune', 'Nordjylland'],
  ['0813', 'Frederikshavn', 'Frederikshavn Kommune', 'Nordjylland'],
  ['0820', 'Vesthimmerland', 'Vesthimmerlands Kommune', 'Nordjylland'],
  ['0825', 'Læsø', 'Læsø Kommune', 'Nordjylland'],
  ['0840', 'Rebild', 'Rebild Kommune', 'Nordjylland'],
  ['0846', 'Mariagerfjord', 'Mariagerfjord Kommune', 'Nordjylland'],
  ['0849', 'Jammerbugt', 'Jammerbugt Kommune', 'Nordjylland'],
  ['0851', 'Aalborg', 'Aalborg Kommune', 'Nordjylland'],
  ['0860', 'Hjørring', 'Hjørring Kommune', 'Nordjylland'],
];

export const MUNICIPALITIES: readonly Municipality[] = ROWS.map(([code, name, officialName, region]) => ({
  code,
  name,
  officialName,
  region,
}));

export const MUNICIPALITY_CODES: readonly string[] = MUNICIPALITIES.map((municipality) => municipality.code);

const BY_CODE = new Map(MUNICIPALITIES.map((municipality) => [municipality.code, municipality]));

export function municipality(code: string): Municipality | null {
  return BY_CODE.get(code) ?? null;
}
