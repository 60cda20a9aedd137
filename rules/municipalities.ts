// The 98 Danish municipalities and the postcodes in each (issue 42 item 4): the owner picks the
// municipalities the company drives to, by name or by postcode, and a quote request's postcode is
// looked up here to tell whether it lies in that area.
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

// code, name, official name, region, postcodes ("1000-1074" is every number in the run that exists).
type Row = readonly [string, string, string, Municipality['region'], string];

const ROWS: readonly Row[] = [
  [
    '0101',
    'København',
    'Københavns Kommune',
    'Hovedstaden',
    '1000 1050-1074 1092 1093 1095 1098 1100-1107 1110-1131 1140 1147 1148 1150-1162 1164-1175 1200-1211 1213-1221 1240 1250-1257 1259-1261 1263-1268 1270 1271 1300-1304 1306-1329 1350 1352-1371 1400-1403 1406-1430 1432-1441 1448 1450-1460 1462-1464 1466-1468 1470-1473 1500 1550-1564 1566-1577 1592 1599-1624 1630-1635 1650-1677 1699-1712 1714-1739 1749-1766 1770-1775 1777 1780 1785-1787 1790 1799 1810 2000 2100 2150 2200 2300 2400 2450 2500 2610 2700 2720 2770 2860 2900',
  ],
  [
    '0147',
    'Frederiksberg',
    'Frederiksberg Kommune',
    'Hovedstaden',
    '1800-1820 1822-1829 1850-1857 1860-1868 1870-1879 1900-1906 1908-1917 1920-1928 1950-1967 1970-1974 2000 2200 2500 2720',
  ],
  ['0151', 'Ballerup', 'Ballerup Kommune', 'Hovedstaden', '2730 2740 2750 2760 3500'],
  ['0153', 'Brøndby', 'Brøndby Kommune', 'Hovedstaden', '2605 2620 2650 2660'],
  ['0155', 'Dragør', 'Dragør Kommune', 'Hovedstaden', '2791'],
  ['0157', 'Gentofte', 'Gentofte Kommune', 'Hovedstaden', '2800 2820 2870 2900 2920 2930'],
  ['0159', 'Gladsaxe', 'Gladsaxe Kommune', 'Hovedstaden', '2730 2800 2820 2860 2880 3500'],
  ['0161', 'Glostrup', 'Glostrup Kommune', 'Hovedstaden', '2600'],
  ['0163', 'Herlev', 'Herlev Kommune', 'Hovedstaden', '2730 2740 2880'],
  ['0165', 'Albertslund', 'Albertslund Kommune', 'Hovedstaden', '2600 2620 2750'],
  ['0167', 'Hvidovre', 'Hvidovre Kommune', 'Hovedstaden', '2610 2650 2660'],
  ['0169', 'Høje-Taastrup', 'Høje-Taastrup Kommune', 'Hovedstaden', '2630 2640 4000'],
  ['0173', 'Lyngby-Taarbæk', 'Lyngby-Taarbæk Kommune', 'Hovedstaden', '2800 2830 2840 2930 3500'],
  ['0175', 'Rødovre', 'Rødovre Kommune', 'Hovedstaden', '2610'],
  ['0183', 'Ishøj', 'Ishøj Kommune', 'Hovedstaden', '2635 2640'],
  ['0185', 'Tårnby', 'Tårnby Kommune', 'Hovedstaden', '1532 1533 2300 2770 2791'],
  ['0187', 'Vallensbæk', 'Vallensbæk Kommune', 'Hovedstaden', '2625 2665'],
  ['0190', 'Furesø', 'Furesø Kommune', 'Hovedstaden', '2880 3460 3500 3520 3540'],
  ['0201', 'Allerød', 'Allerød Kommune', 'Hovedstaden', '3400 3450 3460 3520 3540 3550'],
  [
    '0210',
    'Fredensborg',
    'Fredensborg Kommune',
    'Hovedstaden',
    '2970 2980 2990 3050 3060 3400 3450 3480 3490',
  ],
  [
    '0217',
    'Helsingør',
    'Helsingør Kommune',
    'Hovedstaden',
    '3000 3060 3070 3080 3100 3140 3150 3230 3480 3490',
  ],
  [
    '0219',
    'Hillerød',
    'Hillerød Kommune',
    'Hovedstaden',
    '3200 3230 3310 3320 3330 3400 3450 3480 3540 3550 3600',
  ],
  ['0223', 'Hørsholm', 'Hørsholm Kommune', 'Hovedstaden', '2950 2960 2970 2980'],
  ['0230', 'Rudersdal', 'Rudersdal Kommune', 'Hovedstaden', '2800 2830 2840 2850 2942 2950 2970 3460'],
  ['0240', 'Egedal', 'Egedal Kommune', 'Hovedstaden', '2750 2765 3500 3520 3540 3550 3650 3660 3670'],
  ['0250', 'Frederikssund', 'Frederikssund Kommune', 'Hovedstaden', '3550 3600 3630 4050'],
  ['0253', 'Greve', 'Greve Kommune', 'Sjælland', '2640 2670 2690 4030'],
  ['0259', 'Køge', 'Køge Kommune', 'Sjælland', '4100 4130 4140 4174 4320 4600 4623 4632 4681 4682'],
  ['0260', 'Halsnæs', 'Halsnæs Kommune', 'Hovedstaden', '3300 3310 3320 3360 3370 3390 3600'],
  ['0265', 'Roskilde', 'Roskilde Kommune', 'Sjælland', '2640 3670 4000 4030 4040 4130 4140 4320 4621-4623'],
  ['0269', 'Solrød', 'Solrød Kommune', 'Sjælland', '2680 2690 4622 4623'],
  ['0270', 'Gribskov', 'Gribskov Kommune', 'Hovedstaden', '3100 3120 3200 3210 3220 3230 3250 3300'],
  ['0306', 'Odsherred', 'Odsherred Kommune', 'Sjælland', '4500 4534 4540 4550 4560 4571-4573 4581 4583 4591'],
  [
    '0316',
    'Holbæk',
    'Holbæk Kommune',
    'Sjælland',
    '4100 4295 4296 4300 4305 4330 4340 4350 4360 4370 4390 4420 4440 4450 4460 4470 4520 4532 4600',
  ],
  ['0320', 'Faxe', 'Faxe Kommune', 'Sjælland', '4100 4160 4640 4652-4654 4682-4684 4690 4733'],
  [
    '0326',
    'Kalundborg',
    'Kalundborg Kommune',
    'Sjælland',
    '4200 4270 4281 4291 4293 4400 4450 4460 4470 4480 4490 4534 4591-4593',
  ],
  ['0329', 'Ringsted', 'Ringsted Kommune', 'Sjælland', '4100 4140 4173 4174 4180 4330 4360 4370 4690'],
  [
    '0330',
    'Slagelse',
    'Slagelse Kommune',
    'Sjælland',
    '4180 4190 4200 4220 4230 4241-4245 4250 4261 4262 4270',
  ],
  ['0336', 'Stevns', 'Stevns Kommune', 'Sjælland', '4600 4652 4653 4660 4671-4673 4682'],
  ['0340', 'Sorø', 'Sorø Kommune', 'Sjælland', '4100 4173 4180 4190 4200 4291 4293 4295 4296 4370'],
  ['0350', 'Lejre', 'Lejre Kommune', 'Sjælland', '4000 4060 4070 4320 4330 4340'],
  [
    '0360',
    'Lolland',
    'Lolland Kommune',
    'Sjælland',
    '4894 4895 4900 4912 4913 4920 4930 4941-4945 4951-4953 4960 4970 4983',
  ],
  [
    '0370',
    'Næstved',
    'Næstved Kommune',
    'Sjælland',
    '4100 4160 4171 4200 4243 4250 4261 4262 4640 4683 4684 4690 4700 4733 4736 4750',
  ],
  [
    '0376',
    'Guldborgsund',
    'Guldborgsund Kommune',
    'Sjælland',
    '4800 4840 4850 4862 4863 4871-4874 4880 4891 4892 4894 4930 4990',
  ],
  [
    '0390',
    'Vordingborg',
    'Vordingborg Kommune',
    'Sjælland',
    '4720 4733 4735 4750 4760 4771-4773 4780 4791-4793',
  ],
  [
    '0400',
    'Bornholm',
    'Bornholms Regionskommune',
    'Hovedstaden',
    '3700 3720 3730 3740 3751 3760 3770 3782 3790',
  ],
  ['0410', 'Middelfart', 'Middelfart Kommune', 'Syddanmark', '5463 5464 5466 5500 5560 5580 5591 5592'],
  ['0420', 'Assens', 'Assens Kommune', 'Syddanmark', '5492 5560 5610 5620 5631 5642 5683 5690'],
  [
    '0430',
    'Faaborg-Midtfyn',
    'Faaborg-Midtfyn Kommune',
    'Syddanmark',
    '5550 5600-5603 5642 5672 5750 5762 5771 5772 5792 5853 5854 5856 5863',
  ],
  [
    '0440',
    'Kerteminde',
    'Kerteminde Kommune',
    'Syddanmark',
    '5290 5300 5330 5350 5370 5380 5390 5540 5550 5863',
  ],
  ['0450', 'Nyborg', 'Nyborg Kommune', 'Syddanmark', '5540 5550 5800 5853 5871 5874'],
  [
    '0461',
    'Odense',
    'Odense Kommune',
    'Syddanmark',
    '5000 5200 5210 5220 5230 5240 5250 5260 5270 5320 5330 5491 5492',
  ],
  ['0479', 'Svendborg', 'Svendborg Kommune', 'Syddanmark', '5700 5762 5771 5772 5854 5874 5881-5884 5892'],
  ['0480', 'Nordfyn', 'Nordfyns Kommune', 'Syddanmark', '5270 5400 5450 5462 5471 5474 5485 5491 5492 5560'],
  ['0482', 'Langeland', 'Langeland Kommune', 'Syddanmark', '5900 5932 5935 5943 5953'],
  ['0492', 'Ærø', 'Ærø Kommune', 'Syddanmark', '5960 5965 5970 5985'],
  [
    '0510',
    'Haderslev',
    'Haderslev Kommune',
    'Syddanmark',
    '6070 6094 6100 6500 6510 6520 6534 6541 6560 6630',
  ],
  ['0530', 'Billund', 'Billund Kommune', 'Syddanmark', '6623 6682 6823 7190 7200 7250 7260 7270'],
  ['0540', 'Sønderborg', 'Sønderborg Kommune', 'Syddanmark', '6300 6310 6320 6400 6430 6440 6470'],
  ['0550', 'Tønder', 'Tønder Kommune', 'Syddanmark', '6240 6261 6270 6280 6520 6534 6535 6541 6780 6792'],
  [
    '0561',
    'Esbjerg',
    'Esbjerg Kommune',
    'Syddanmark',
    '6670 6683 6690 6700 6705 6710 6715 6731 6740 6760 6771 6818',
  ],
  ['0563', 'Fanø', 'Fanø Kommune', 'Syddanmark', '6720'],
  [
    '0573',
    'Varde',
    'Varde Kommune',
    'Syddanmark',
    '6682 6753 6800 6818 6823 6830 6840 6851-6855 6857 6862 6870 6880 7200',
  ],
  [
    '0575',
    'Vejen',
    'Vejen Kommune',
    'Syddanmark',
    '6600 6621-6623 6630 6650 6660 6670 6682 6683 6690 6752 6753',
  ],
  ['0580', 'Aabenraa', 'Aabenraa Kommune', 'Syddanmark', '6200 6210 6230 6330 6340 6360 6372 6392 6534'],
  ['0607', 'Fredericia', 'Fredericia Kommune', 'Syddanmark', '7000 7007'],
  [
    '0615',
    'Horsens',
    'Horsens Kommune',
    'Midtjylland',
    '8654 8660 8680 8700 8732 8740 8751 8752 8762 8765 8781 8783 8789',
  ],
  [
    '0621',
    'Kolding',
    'Kolding Kommune',
    'Syddanmark',
    '6000 6040 6051 6052 6064 6070 6091-6094 6100 6430 6560 6580 6640',
  ],
  [
    '0630',
    'Vejle',
    'Vejle Kommune',
    'Syddanmark',
    '6040 6052 6623 7000 7080 7100 7120 7160 7173 7182-7184 7190 7200 7300 7321 7323 7330 7361',
  ],
  [
    '0657',
    'Herning',
    'Herning Kommune',
    'Midtjylland',
    '6933 6973 6990 7260 7270 7280 7330 7400 7451 7470 7480 7490 7500 7540 7550 7830',
  ],
  ['0661', 'Holstebro', 'Holstebro Kommune', 'Midtjylland', '6990 7500 7540 7560 7570 7600 7800 7830'],
  ['0665', 'Lemvig', 'Lemvig Kommune', 'Midtjylland', '6990 7570 7600 7620 7650 7660 7673 7680'],
  ['0671', 'Struer', 'Struer Kommune', 'Midtjylland', '7500 7560 7600 7660 7760 7790 7830'],
  [
    '0706',
    'Syddjurs',
    'Syddjurs Kommune',
    'Midtjylland',
    '8400 8410 8420 8444 8543 8544 8550 8560 8570 8581 8963',
  ],
  [
    '0707',
    'Norddjurs',
    'Norddjurs Kommune',
    'Midtjylland',
    '8444 8500 8550 8560 8570 8581 8585 8586 8592 8950 8961 8963',
  ],
  [
    '0710',
    'Favrskov',
    'Favrskov Kommune',
    'Midtjylland',
    '8370 8380 8382 8450 8471 8472 8641 8850 8860 8870 8881 8882 8940 8960',
  ],
  ['0727', 'Odder', 'Odder Kommune', 'Midtjylland', '8300 8340 8350 8660 8799'],
  [
    '0730',
    'Randers',
    'Randers Kommune',
    'Midtjylland',
    '8860 8870 8900 8920 8930 8940 8960 8970 8981 8983 8990 9550',
  ],
  [
    '0740',
    'Silkeborg',
    'Silkeborg Kommune',
    'Midtjylland',
    '7362 7441 7442 7470 8450 8472 8600 8620 8632 8641 8643 8653 8654 8680 8740 8800 8840 8881-8883',
  ],
  ['0741', 'Samsø', 'Samsø Kommune', 'Midtjylland', '8305'],
  [
    '0746',
    'Skanderborg',
    'Skanderborg Kommune',
    'Midtjylland',
    '8362 8464 8471 8472 8600 8660 8670 8680 8751',
  ],
  [
    '0751',
    'Aarhus',
    'Aarhus Kommune',
    'Midtjylland',
    '8000 8200 8210 8220 8230 8240 8245 8250 8260 8270 8300 8310 8320 8330 8340 8355 8361 8362 8380-8382 8462 8464 8471 8520 8530 8541 8543 8660',
  ],
  [
    '0756',
    'Ikast-Brande',
    'Ikast-Brande Kommune',
    'Midtjylland',
    '7323 7330 7361 7362 7400 7430 7441 7442 7451 8600 8654 8765 8766',
  ],
  [
    '0760',
    'Ringkøbing-Skjern',
    'Ringkøbing-Skjern Kommune',
    'Midtjylland',
    '6830 6870 6880 6893 6900 6920 6933 6940 6950 6960 6971 6973 6980 6990 7270 7280 7400 7480',
  ],
  [
    '0766',
    'Hedensted',
    'Hedensted Kommune',
    'Midtjylland',
    '7100 7120 7130 7140 7150 7160 7171 8700 8721-8723 8762 8763 8766 8781 8783',
  ],
  ['0773', 'Morsø', 'Morsø Kommune', 'Nordjylland', '7900 7950 7960 7970 7980 7990'],
  ['0779', 'Skive', 'Skive Kommune', 'Midtjylland', '7800 7830 7840 7860 7870 7884'],
  ['0787', 'Thisted', 'Thisted Kommune', 'Nordjylland', '7700 7730 7741 7742 7752 7755 7760 7770'],
  [
    '0791',
    'Viborg',
    'Viborg Kommune',
    'Midtjylland',
    '7470 7540 7800 7840 7850 8620 8643 8800 8830-8832 8840 8850 8860 9500 9620 9631 9632',
  ],
  [
    '0810',
    'Brønderslev',
    'Brønderslev Kommune',
    'Nordjylland',
    '9320 9330 9340 9352 9370 9382 9440 9480 9700 9740 9750 9760',
  ],
  [
    '0813',
    'Frederikshavn',
    'Frederikshavn Kommune',
    'Nordjylland',
    '9300 9330 9340 9352 9750 9830 9870 9881 9900 9970 9981 9982 9990',
  ],
  [
    '0820',
    'Vesthimmerland',
    'Vesthimmerlands Kommune',
    'Nordjylland',
    '9240 9541 9600 9610 9620 9631 9640 9670 9681',
  ],
  ['0825', 'Læsø', 'Læsø Kommune', 'Nordjylland', '9940'],
  [
    '0840',
    'Rebild',
    'Rebild Kommune',
    'Nordjylland',
    '9230 9240 9260 9293 9500 9510 9520 9530 9541 9560 9574 9575 9600 9610 9620',
  ],
  [
    '0846',
    'Mariagerfjord',
    'Mariagerfjord Kommune',
    'Nordjylland',
    '8970 8990 9500 9510 9550 9560 9620 9632',
  ],
  [
    '0849',
    'Jammerbugt',
    'Jammerbugt Kommune',
    'Nordjylland',
    '9381 9382 9430 9440 9460 9480 9490 9492 9493 9670 9690 9700',
  ],
  [
    '0851',
    'Aalborg',
    'Aalborg Kommune',
    'Nordjylland',
    '9000 9200 9210 9220 9230 9240 9260 9270 9280 9293 9310 9320 9362 9370 9380-9382 9400 9430 9440 9530',
  ],
  [
    '0860',
    'Hjørring',
    'Hjørring Kommune',
    'Nordjylland',
    '9480 9740 9750 9760 9800 9830 9850 9870 9881 9900 9982',
  ],
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

function expand(list: string): number[] {
  const out: number[] = [];
  for (const part of list.split(' ')) {
    const [from, to] = part.split('-').map(Number) as [number, number | undefined];
    for (let n = from; n <= (to ?? from); n++) out.push(n);
  }
  return out;
}

// Built on first use: the admin needs it only when the owner searches by postcode.
let byPostcode: Map<string, string[]> | null = null;
function postcodeIndex(): Map<string, string[]> {
  if (byPostcode) return byPostcode;
  byPostcode = new Map();
  for (const [code, , , , list] of ROWS) {
    for (const n of expand(list)) {
      const key = String(n);
      const codes = byPostcode.get(key) ?? [];
      codes.push(code);
      byPostcode.set(key, codes);
    }
  }
  return byPostcode;
}

/** The municipality codes a postcode reaches ([] for a postcode that does not exist). */
export function municipalitiesForPostcode(postcode: string): readonly string[] {
  return postcodeIndex().get(postcode.trim()) ?? [];
}

/** Whether a four-digit postcode exists in the table. */
export function isKnownPostcode(postcode: string): boolean {
  return postcodeIndex().has(postcode.trim());
}
