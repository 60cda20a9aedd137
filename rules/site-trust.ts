// What a company's site says about its trustworthiness (issue 42), worked out once per render from the
// stored settings, so the templates only print: the authorisation line with whose word it is and the
// register link, the schemes as badges, this year's håndværkerfradrag block for the trade, the area
// in words, and the emergency line with the week the call bar decides by.
import {
  AUTHORISATIONS,
  type AuthorisationType,
  authorisationLine,
  authorisationRegisterLink,
  authorisationStatus,
  authorisationsFor,
} from './authorisations';
import {
  type DayPeriods,
  EMERGENCY_HEADING,
  EMERGENCY_HOURS_TEXT,
  type EmergencyHours,
  weekPeriods,
} from './emergency-service';
import { type GuaranteeScheme, guaranteeScheme } from './guarantee-schemes';
import type { OpeningHours } from './hours';
import { municipality } from './municipalities';
import { type ServiceArea, serviceAreaLabel, serviceAreaText } from './service-area';
import { type DeductionBlock, deductionBlock } from './tax-deduction';
import { findTradeProfile, type TradeProfile } from './trades';

/** What of a company the trust model reads (db's Company has it). */
interface TrustCompany {
  cvr: string;
  name: string;
  city: string;
  industryCode: string;
  industryDesc: string;
  hours: Partial<OpeningHours>;
}

/** The stored claims (db's TrustSettings has them). */
interface TrustClaims {
  authorisation: {
    type: AuthorisationType;
    number: string;
    enteredAt?: string;
    checkedAt: string | null;
  } | null;
  schemes: readonly string[];
  schemesConfirmedAt?: string | null;
  /** The schemes an operator found the company a member of (issue 48); absent: none. */
  schemesChecked?: readonly string[];
  deductionShown: boolean;
  area: ServiceArea;
  emergency: { enabled: boolean; phone: string; hours: EmergencyHours };
}

export interface SiteTrust {
  authorisation: {
    type: AuthorisationType;
    title: string;
    number: string;
    /** 'Autoriseret el-installatør, aut. nr. 12345' */
    line: string;
    /** 'oplyst af firmaet' until the operator checked it. */
    status: string;
    checked: boolean;
    registerUrl: string;
  } | null;
  /** `checked`: an operator found the company a member (only then does the JSON-LD name it, issue 48). */
  schemes: readonly (Pick<GuaranteeScheme, 'id' | 'kind' | 'badge' | 'name' | 'url'> & {
    checked: boolean;
  })[];
  deduction: DeductionBlock | null;
  area: {
    area: ServiceArea;
    /** 'Vi kører i København, Frederiksberg og Gentofte kommuner.' */
    text: string;
    /** The same as a label, not a sentence ('København og Gentofte kommuner'): the contact card. */
    label: string;
    /** The chosen municipalities' official names (JSON-LD areaServed). */
    officialNames: readonly string[];
  } | null;
  emergency: {
    heading: string;
    phone: string;
    hours: EmergencyHours;
    /** 'hele døgnet, hele året' */
    hoursText: string;
    /** The ordinary opening hours, Monday first, as the call bar reads them. */
    openWeek: readonly DayPeriods[];
  } | null;
}

/** The company's trade profile, as every writer reads it (rules/trades/find-trade.ts). */
export function companyTrade(
  company: Pick<TrustCompany, 'industryCode' | 'industryDesc' | 'name'>,
): TradeProfile {
  return findTradeProfile({
    industryCode: company.industryCode,
    industryDesc: company.industryDesc,
    companyName: company.name,
  });
}

/** Whether a trust model has anything to show on the homepage's sections. */
export function hasTrustContent(trust: SiteTrust | undefined): trust is SiteTrust {
  return (
    trust !== undefined &&
    (trust.authorisation !== null ||
      trust.schemes.length > 0 ||
      trust.deduction !== null ||
      trust.area !== null ||
      trust.emergency !== null)
  );
}

export function siteTrust(company: TrustCompany, settings: TrustClaims, now: Date): SiteTrust {
  const { area, emergency } = settings;
  const trade = companyTrade(company);
  // A type the trade is not offered (saved before issue 48 refused it) is shown only once checked.
  const authorisation =
    settings.authorisation !== null &&
    (settings.authorisation.checkedAt !== null ||
      authorisationsFor(trade.id).includes(settings.authorisation.type))
      ? settings.authorisation
      : null;
  const checkedSchemes = settings.schemesChecked ?? [];
  const areaText = serviceAreaText(area, company.city);
  const officialNames =
    area.mode === 'municipalities'
      ? area.codes.flatMap((code) => {
          const found = municipality(code);
          return found ? [found.officialName] : [];
        })
      : [];
  return {
    authorisation:
      authorisation === null
        ? null
        : {
            type: authorisation.type,
            title: AUTHORISATIONS[authorisation.type].title,
            number: authorisation.number,
            line: authorisationLine(authorisation.type, authorisation.number),
            status: authorisationStatus(authorisation.checkedAt !== null),
            checked: authorisation.checkedAt !== null,
            registerUrl: authorisationRegisterLink(company.cvr),
          },
    schemes: settings.schemes.flatMap((id) => {
      const scheme = guaranteeScheme(id);
      return scheme
        ? [
            {
              id: scheme.id,
              kind: scheme.kind,
              badge: scheme.badge,
              name: scheme.name,
              url: scheme.url,
              checked: checkedSchemes.includes(scheme.id),
            },
          ]
        : [];
    }),
    deduction: settings.deductionShown ? deductionBlock(trade.id, now) : null,
    area:
      areaText === null
        ? null
        : { area, text: areaText, label: serviceAreaLabel(area, company.city) ?? areaText, officialNames },
    emergency:
      emergency.enabled && emergency.phone.trim() !== ''
        ? {
            heading: EMERGENCY_HEADING,
            phone: emergency.phone.trim(),
            hours: emergency.hours,
            hoursText: EMERGENCY_HOURS_TEXT[emergency.hours],
            openWeek: weekPeriods(company.hours),
          }
        : null,
  };
}
