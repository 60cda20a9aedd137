// The call bar with a døgnvagt (issue 42 item 5). Without JavaScript, and during opening hours, the bar
// calls the ordinary number; the site's script (call-bar-script.astro) switches it to "Døgnvagt: Ring …"
// when the ordinary line is closed by the week written here (rules/emergency-service.ts isClosedAt
// is the same rule). A company with only a døgnvagt number gets the bar for that number.

import { clockText, emergencyPeriods } from '../../../rules/emergency-service';
import { phoneE164 } from '../../../rules/phone';
import type { SiteTrust } from '../../../rules/site-trust';
import { telHref, unbreakable } from './contact';
import { groupedHours, SCHEMA_DAYS } from './opening-hours-ld';

export interface CallBar {
  tel: string;
  text: string;
  /** JSON of the ordinary week, Monday first, [from, to] minutes per day (null: the day says no time). */
  week?: string;
  emergencyTel?: string;
  emergencyText?: string;
}

/** The bar for the ordinary number (`tel`, from `phone`) and the døgnvagt, or null with neither. */
export function callBar(trust: SiteTrust | undefined, tel: string | null, phone: string): CallBar | null {
  const emergency = trust?.emergency ?? null;
  const emergencyTel = emergency ? telHref(emergency.phone) : null;
  const emergencyText = emergency ? unbreakable(`Døgnvagt: Ring ${emergency.phone}`) : '';
  if (tel === null) return emergencyTel === null ? null : { tel: emergencyTel, text: emergencyText };
  const text = unbreakable(`Ring ${phone.trim()}`);
  if (emergency === null || emergencyTel === null) return { tel, text };
  return { tel, text, week: JSON.stringify(emergency.openWeek), emergencyTel, emergencyText };
}

/**
 * The company's claims as schema.org (issue 42), merged into the LocalBusiness (json-ld.ts):
 * `hasCredential` for the authorisation (recognised by Sikkerhedsstyrelsen) and `memberOf` for the
 * trade associations, each only once an operator has checked it (issue 48: a search engine reads no
 * "oplyst af firmaet", so an unchecked claim would stand there as a fact), `areaServed` for the municipalities or the radius, and `contactPoint` for the
 * emergency line with the hours it answers. Keys with nothing to say are left out.
 */
export function trustJsonLd(
  trust: SiteTrust | undefined,
  company: { zipcode: string },
): Record<string, unknown> {
  if (trust === undefined) return {};
  const data: Record<string, unknown> = {};
  const { authorisation, area, emergency } = trust;
  if (authorisation?.checked) {
    data.hasCredential = {
      '@type': 'EducationalOccupationalCredential',
      name: authorisation.title,
      credentialCategory: 'Autorisation',
      identifier: authorisation.number,
      url: authorisation.registerUrl,
      recognizedBy: {
        '@type': 'GovernmentOrganization',
        name: 'Sikkerhedsstyrelsen',
        url: 'https://www.sik.dk/',
      },
    };
  }
  const memberships = trust.schemes.filter((scheme) => scheme.kind === 'membership' && scheme.checked);
  if (memberships.length > 0) {
    data.memberOf = memberships.map((scheme) => ({
      '@type': 'Organization',
      name: scheme.name,
      url: scheme.url,
    }));
  }
  if (area?.area.mode === 'municipalities' && area.officialNames.length > 0) {
    data.areaServed = area.officialNames.map((name) => ({ '@type': 'AdministrativeArea', name }));
  } else if (area?.area.mode === 'radius') {
    const postalCode = company.zipcode.trim();
    data.areaServed = {
      '@type': 'GeoCircle',
      geoMidpoint: { '@type': 'GeoCoordinates', ...(postalCode ? { postalCode } : {}), addressCountry: 'DK' },
      // Metres (schema.org geoRadius).
      geoRadius: area.area.km * 1000,
    };
  }
  if (emergency) {
    const week = emergencyPeriods(emergency.openWeek, emergency.hours);
    const hoursAvailable = groupedHours(
      week.flatMap((periods, index) =>
        (periods ?? []).map(([from, to]) => ({
          day: SCHEMA_DAYS[index] ?? 'Monday',
          opens: clockText(from),
          closes: clockText(to),
        })),
      ),
    );
    data.contactPoint = {
      '@type': 'ContactPoint',
      contactType: 'emergency',
      name: emergency.heading,
      telephone: phoneE164(emergency.phone),
      ...(hoursAvailable.length > 0 ? { hoursAvailable } : {}),
    };
  }
  return data;
}
