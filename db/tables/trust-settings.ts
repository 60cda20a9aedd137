// The trust_settings table (issue 42): a company's authorisation and its check, the guarantee schemes
// and associations it confirmed, the håndværkerfradrag switch, the area it drives to and its emergency
// line. A company without a row has the defaults (nothing claimed, the deduction block on).
import { sql } from 'kysely';
import { type AuthorisationType, isAuthorisationType } from '../../rules/authorisations';
import { EMERGENCY_HOURS, type EmergencyHours } from '../../rules/emergency-service';
import { NO_SERVICE_AREA, type ServiceArea } from '../../rules/service-area';
import type { Db } from '../database';
import { prepared } from '../prepared';
import { parseJson } from './json';

export interface TrustSettingsTable {
  companyCvr: string;
  authorisationType: string | null;
  authorisationNumber: string | null;
  authorisationEnteredAt: string | null;
  authorisationCheckedAt: string | null;
  schemes: string;
  schemesConfirmedAt: string | null;
  deductionShown: number;
  areaMode: string;
  areaMunicipalities: string;
  areaRadiusKm: number | null;
  emergencyEnabled: number;
  emergencyPhone: string;
  emergencyHours: string;
  updatedAt: string;
}

interface CompanyAuthorisation {
  type: AuthorisationType;
  /** Digits only (rules/authorisations.ts normaliseAuthorisationNumber). */
  number: string;
  enteredAt: string;
  /** When the operator found this type and number in the register; null until then. */
  checkedAt: string | null;
}

interface EmergencyService {
  enabled: boolean;
  phone: string;
  hours: EmergencyHours;
}

export interface TrustSettings {
  authorisation: CompanyAuthorisation | null;
  /** Ids from rules/guarantee-schemes.ts, in the owner's order. */
  schemes: string[];
  /** When the owner last confirmed the schemes are true; null when none are claimed. */
  schemesConfirmedAt: string | null;
  deductionShown: boolean;
  area: ServiceArea;
  emergency: EmergencyService;
}

/** What the owner saves (the check and the dates are the product's, never the owner's). */
export interface TrustSettingsInput {
  authorisation: { type: AuthorisationType; number: string } | null;
  schemes: readonly string[];
  deductionShown: boolean;
  area: ServiceArea;
  emergency: EmergencyService;
}

export const DEFAULT_TRUST_SETTINGS: Readonly<TrustSettings> = Object.freeze({
  authorisation: null,
  schemes: [],
  schemesConfirmedAt: null,
  deductionShown: true,
  area: NO_SERVICE_AREA,
  emergency: Object.freeze({ enabled: false, phone: '', hours: 'always' as const }),
});

type TrustRow = TrustSettingsTable;

function toArea(row: TrustRow): ServiceArea {
  if (row.areaMode === 'municipalities') {
    return { mode: 'municipalities', codes: parseJson<string[]>(row.areaMunicipalities, []) };
  }
  if (row.areaMode === 'radius' && row.areaRadiusKm !== null) return { mode: 'radius', km: row.areaRadiusKm };
  return NO_SERVICE_AREA;
}

function toTrustSettings(row: TrustRow): TrustSettings {
  const type = row.authorisationType;
  return {
    authorisation:
      isAuthorisationType(type) && row.authorisationNumber !== null
        ? {
            type,
            number: row.authorisationNumber,
            enteredAt: row.authorisationEnteredAt ?? row.updatedAt,
            checkedAt: row.authorisationCheckedAt,
          }
        : null,
    schemes: parseJson<string[]>(row.schemes, []),
    schemesConfirmedAt: row.schemesConfirmedAt,
    deductionShown: row.deductionShown === 1,
    area: toArea(row),
    emergency: {
      enabled: row.emergencyEnabled === 1,
      phone: row.emergencyPhone,
      hours: (EMERGENCY_HOURS as readonly string[]).includes(row.emergencyHours)
        ? (row.emergencyHours as EmergencyHours)
        : 'always',
    },
  };
}

// Every publish reads them: built once (prepared.ts).
const selectTrustSettings = prepared((db: Db, cvr: string) =>
  db.selectFrom('trustSettings').selectAll().where('companyCvr', '=', cvr),
);

export async function getTrustSettings(db: Db, cvr: string): Promise<TrustSettings> {
  const row = (await selectTrustSettings(db, cvr)).rows[0];
  return row ? toTrustSettings(row) : DEFAULT_TRUST_SETTINGS;
}

/**
 * Stores the owner's settings. The operator's check of the authorisation survives only while type and
 * number stay the same, decided in the statement (its right-hand sides read the row before the
 * update), so a number changed while the operator looks can never stand as checked.
 */
export async function saveTrustSettings(
  db: Db,
  cvr: string,
  input: TrustSettingsInput,
  now = new Date(),
): Promise<TrustSettings> {
  const stamp = now.toISOString();
  const authorisation = input.authorisation;
  const values = {
    companyCvr: cvr,
    authorisationType: authorisation?.type ?? null,
    authorisationNumber: authorisation?.number ?? null,
    authorisationEnteredAt: authorisation ? stamp : null,
    authorisationCheckedAt: null,
    schemes: JSON.stringify(input.schemes),
    schemesConfirmedAt: input.schemes.length > 0 ? stamp : null,
    deductionShown: input.deductionShown ? 1 : 0,
    areaMode: input.area.mode,
    areaMunicipalities: JSON.stringify(input.area.mode === 'municipalities' ? input.area.codes : []),
    areaRadiusKm: input.area.mode === 'radius' ? input.area.km : null,
    emergencyEnabled: input.emergency.enabled ? 1 : 0,
    emergencyPhone: input.emergency.phone,
    emergencyHours: input.emergency.hours,
    updatedAt: stamp,
  };
  const unchanged = authorisation
    ? sql<boolean>`(${sql.ref('trust_settings.authorisation_type')} = ${authorisation.type} and ${sql.ref(
        'trust_settings.authorisation_number',
      )} = ${authorisation.number})`
    : sql<boolean>`false`;
  const row = await db
    .insertInto('trustSettings')
    .values(values)
    .onConflict((oc) =>
      oc.column('companyCvr').doUpdateSet({
        ...values,
        authorisationEnteredAt: authorisation
          ? sql<string>`case when ${unchanged} then ${sql.ref('trust_settings.authorisation_entered_at')} else ${stamp} end`
          : null,
        authorisationCheckedAt: sql<
          string | null
        >`case when ${unchanged} then ${sql.ref('trust_settings.authorisation_checked_at')} else null end`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return toTrustSettings(row);
}

/** One authorisation waiting for the operator's check. */
export interface AuthorisationToCheck {
  cvr: string;
  companyName: string;
  type: AuthorisationType;
  number: string;
  enteredAt: string;
}

/** Authorisations no operator has checked yet, oldest entry first (through the unchecked index). */
export async function listAuthorisationsToCheck(db: Db, limit = 100): Promise<AuthorisationToCheck[]> {
  const rows = await db
    .selectFrom('trustSettings')
    .innerJoin('companies', 'companies.cvr', 'trustSettings.companyCvr')
    .select([
      'trustSettings.companyCvr as cvr',
      'companies.name as companyName',
      'trustSettings.authorisationType as type',
      'trustSettings.authorisationNumber as number',
      'trustSettings.authorisationEnteredAt as enteredAt',
    ])
    .where('trustSettings.authorisationCheckedAt', 'is', null)
    .where('trustSettings.authorisationNumber', 'is not', null)
    .orderBy('trustSettings.authorisationEnteredAt')
    .orderBy('trustSettings.companyCvr')
    .limit(limit)
    .execute();
  return rows.flatMap((row) =>
    isAuthorisationType(row.type) && row.number !== null
      ? [
          {
            cvr: row.cvr,
            companyName: row.companyName,
            type: row.type,
            number: row.number,
            enteredAt: row.enteredAt ?? '',
          },
        ]
      : [],
  );
}

/**
 * The operator found `type` and `number` in the register for company `cvr`: true when they are still
 * the company's (a number the owner changed meanwhile is not marked).
 */
export async function markAuthorisationChecked(
  db: Db,
  cvr: string,
  authorisation: { type: AuthorisationType; number: string },
  now = new Date(),
): Promise<boolean> {
  const result = await db
    .updateTable('trustSettings')
    .set({ authorisationCheckedAt: now.toISOString() })
    .where('companyCvr', '=', cvr)
    .where('authorisationType', '=', authorisation.type)
    .where('authorisationNumber', '=', authorisation.number)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
