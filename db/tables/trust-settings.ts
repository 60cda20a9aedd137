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
  /** Ids (JSON) of the schemes an operator found the company a member of (issue 48). */
  schemesChecked: string;
  /** The operator's latest scheme check; null while none is checked. */
  schemesCheckedAt: string | null;
  /** Set while a claimed scheme is unchecked: the operator's list to check, oldest first. */
  schemesCheckDueAt: string | null;
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
  /** The claimed schemes an operator found the company a member of (issue 48), in `schemes` order. */
  schemesChecked: string[];
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
  schemesChecked: [],
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
  const schemes = parseJson<string[]>(row.schemes, []);
  const checked = parseJson<string[]>(row.schemesChecked, []);
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
    schemes,
    schemesConfirmedAt: row.schemesConfirmedAt,
    schemesChecked: schemes.filter((id) => checked.includes(id)),
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
 * The scheme columns after the owner claims `schemes`: a kept scheme keeps its check, a dropped one
 * loses it, and the row is due for the operator while any claimed scheme is unchecked.
 */
function schemeChecks(before: TrustRow | undefined, schemes: readonly string[], stamp: string) {
  const wasChecked = before ? parseJson<string[]>(before.schemesChecked, []) : [];
  const checked = schemes.filter((id) => wasChecked.includes(id));
  return {
    schemesChecked: JSON.stringify(checked),
    schemesCheckedAt: checked.length > 0 ? (before?.schemesCheckedAt ?? stamp) : null,
    schemesCheckDueAt: checked.length < schemes.length ? (before?.schemesCheckDueAt ?? stamp) : null,
  };
}

/**
 * Stores the owner's settings. The operator's check of the authorisation survives only while type and
 * number stay the same, decided in the statement (its right-hand sides read the row before the
 * update), so a number changed while the operator looks can never stand as checked. A scheme's check
 * survives while the scheme stays claimed (read first: an operator's check landing between the read
 * and the write is lost, never one kept for a scheme the owner dropped).
 */
export async function saveTrustSettings(
  db: Db,
  cvr: string,
  input: TrustSettingsInput,
  now = new Date(),
): Promise<TrustSettings> {
  const stamp = now.toISOString();
  const authorisation = input.authorisation;
  const before = (await selectTrustSettings(db, cvr)).rows[0];
  const values = {
    companyCvr: cvr,
    authorisationType: authorisation?.type ?? null,
    authorisationNumber: authorisation?.number ?? null,
    authorisationEnteredAt: authorisation ? stamp : null,
    authorisationCheckedAt: null,
    schemes: JSON.stringify(input.schemes),
    schemesConfirmedAt: input.schemes.length > 0 ? stamp : null,
    ...schemeChecks(before, input.schemes, stamp),
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

/**
 * The operator takes back the check of `authorisation` (a mistake, or the register no longer lists
 * it): the site says "oplyst af firmaet" again, and the number is back on the list to check. False when
 * it was not checked, or the owner has changed it since.
 */
export async function unmarkAuthorisationChecked(
  db: Db,
  cvr: string,
  authorisation: { type: AuthorisationType; number: string },
): Promise<boolean> {
  const result = await db
    .updateTable('trustSettings')
    .set({ authorisationCheckedAt: null })
    .where('companyCvr', '=', cvr)
    .where('authorisationType', '=', authorisation.type)
    .where('authorisationNumber', '=', authorisation.number)
    .where('authorisationCheckedAt', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A checked authorisation, for the operator to take the check back. */
export interface CheckedAuthorisation extends AuthorisationToCheck {
  checkedAt: string;
}

/** Authorisations an operator has checked, newest check first. */
export async function listCheckedAuthorisations(db: Db, limit = 50): Promise<CheckedAuthorisation[]> {
  const rows = await db
    .selectFrom('trustSettings')
    .innerJoin('companies', 'companies.cvr', 'trustSettings.companyCvr')
    .select([
      'trustSettings.companyCvr as cvr',
      'companies.name as companyName',
      'trustSettings.authorisationType as type',
      'trustSettings.authorisationNumber as number',
      'trustSettings.authorisationEnteredAt as enteredAt',
      'trustSettings.authorisationCheckedAt as checkedAt',
    ])
    .where('trustSettings.authorisationCheckedAt', 'is not', null)
    .orderBy('trustSettings.authorisationCheckedAt', 'desc')
    .limit(limit)
    .execute();
  return rows.flatMap((row) =>
    isAuthorisationType(row.type) && row.number !== null && row.checkedAt !== null
      ? [
          {
            cvr: row.cvr,
            companyName: row.companyName,
            type: row.type,
            number: row.number,
            enteredAt: row.enteredAt ?? '',
            checkedAt: row.checkedAt,
          },
        ]
      : [],
  );
}

/** A company's claimed schemes as the operator's lists show them. */
export interface SchemeClaims {
  cvr: string;
  companyName: string;
  /** Claimed, not yet checked (the list to check), or checked (the list of checks). */
  schemes: string[];
  /** When the row became due, or the latest check. */
  at: string;
}

/** Companies with a claimed scheme no operator has checked yet, oldest first, with those schemes. */
export async function listSchemesToCheck(db: Db, limit = 100): Promise<SchemeClaims[]> {
  const rows = await db
    .selectFrom('trustSettings')
    .innerJoin('companies', 'companies.cvr', 'trustSettings.companyCvr')
    .select([
      'trustSettings.companyCvr as cvr',
      'companies.name as companyName',
      'trustSettings.schemes as schemes',
      'trustSettings.schemesChecked as checked',
      'trustSettings.schemesCheckDueAt as at',
    ])
    .where('trustSettings.schemesCheckDueAt', 'is not', null)
    .orderBy('trustSettings.schemesCheckDueAt')
    .orderBy('trustSettings.companyCvr')
    .limit(limit)
    .execute();
  return rows.flatMap((row) => {
    const checked = parseJson<string[]>(row.checked, []);
    const due = parseJson<string[]>(row.schemes, []).filter((id) => !checked.includes(id));
    return due.length > 0 && row.at !== null
      ? [{ cvr: row.cvr, companyName: row.companyName, schemes: due, at: row.at }]
      : [];
  });
}

/** Companies with a checked scheme, newest check first, with those schemes. */
export async function listCheckedSchemes(db: Db, limit = 50): Promise<SchemeClaims[]> {
  const rows = await db
    .selectFrom('trustSettings')
    .innerJoin('companies', 'companies.cvr', 'trustSettings.companyCvr')
    .select([
      'trustSettings.companyCvr as cvr',
      'companies.name as companyName',
      'trustSettings.schemesChecked as checked',
      'trustSettings.schemesCheckedAt as at',
    ])
    .where('trustSettings.schemesCheckedAt', 'is not', null)
    .orderBy('trustSettings.schemesCheckedAt', 'desc')
    .limit(limit)
    .execute();
  return rows.flatMap((row) => {
    const checked = parseJson<string[]>(row.checked, []);
    return checked.length > 0 && row.at !== null
      ? [{ cvr: row.cvr, companyName: row.companyName, schemes: checked, at: row.at }]
      : [];
  });
}

/**
 * Marks (`checked` true) or takes back the operator's check of one claimed scheme. False when the
 * company does not claim it (the owner dropped it meanwhile) or the row changed under us; a mark of a
 * checked scheme, or an unmark of an unchecked one, changes nothing and answers false too.
 */
export async function setSchemeChecked(
  db: Db,
  cvr: string,
  scheme: string,
  checked: boolean,
  now = new Date(),
): Promise<boolean> {
  const row = (await selectTrustSettings(db, cvr)).rows[0];
  if (!row) return false;
  const schemes = parseJson<string[]>(row.schemes, []);
  const was = parseJson<string[]>(row.schemesChecked, []).filter((id) => schemes.includes(id));
  if (!schemes.includes(scheme) || was.includes(scheme) === checked) return false;
  const next = checked
    ? schemes.filter((id) => id === scheme || was.includes(id))
    : was.filter((id) => id !== scheme);
  const stamp = now.toISOString();
  const result = await db
    .updateTable('trustSettings')
    .set({
      schemesChecked: JSON.stringify(next),
      schemesCheckedAt: next.length === 0 ? null : checked ? stamp : row.schemesCheckedAt,
      schemesCheckDueAt: next.length < schemes.length ? (row.schemesCheckDueAt ?? stamp) : null,
    })
    .where('companyCvr', '=', cvr)
    // Only the row as read: an owner's save in between (a scheme dropped) wins.
    .where('schemes', '=', row.schemes)
    .where('schemesChecked', '=', row.schemesChecked)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
