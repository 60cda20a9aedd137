// Settings › Troværdighed (issue 42): what a customer checks before calling. The authorisation (for
// trades that need one), the guarantee schemes and associations the owner confirms, the
// håndværkerfradrag block, the area the company drives to, and the døgnvagt; with the live preview of
// the homepage like the other settings tabs. What the trade is offered comes from GET /api/trust.
import { type FormEvent, type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import type { TrustJson, TrustSettingsBody } from '../../../../contracts/trust';
import { trustSettingsSchema } from '../../../../contracts/trust';
import {
  AUTHORISATION_REGISTER_URL,
  AUTHORISATIONS,
  type AuthorisationType,
} from '../../../../rules/authorisations';
import { EMERGENCY_HOURS_TEXT, type EmergencyHours } from '../../../../rules/emergency-service';
import {
  GUARANTEE_SCHEMES,
  type GuaranteeSchemeId,
  isGuaranteeSchemeId,
  SCHEME_CONFIRMATION,
} from '../../../../rules/guarantee-schemes';
import { MESSAGES } from '../../../../rules/messages';
import { MUNICIPALITIES, municipality } from '../../../../rules/municipalities';
import { formatKroner } from '../../../../rules/tax-deduction';
import { TRUST_MESSAGES } from '../../../../rules/trust-messages';
import { api } from '../../api/client';
import { useResource } from '../../api/use-resource';
import { Field } from '../../components/field';
import { type FieldErrors, validate } from '../../components/form-errors';
import { LoadState } from '../../components/load-state';
import { SaveBar } from '../../components/save-bar';
import { SitePreview } from '../../components/site-preview';
import { useUnsavedChanges } from '../../components/unsaved-changes';
import { useSaveState } from '../../components/use-save-state';
import { trustPreviewBody } from './trust-preview';

type Settings = TrustJson['settings'];
type AreaMode = Settings['area']['mode'];

interface Draft {
  authorisationType: AuthorisationType | '';
  authorisationNumber: string;
  schemes: GuaranteeSchemeId[];
  schemesConfirmed: boolean;
  deductionShown: boolean;
  areaMode: AreaMode;
  codes: string[];
  km: string;
  emergencyEnabled: boolean;
  emergencyPhone: string;
  emergencyHours: EmergencyHours;
}

function draftOf(settings: Settings): Draft {
  const { area } = settings;
  return {
    authorisationType: settings.authorisation?.type ?? '',
    authorisationNumber: settings.authorisation?.number ?? '',
    schemes: settings.schemes.filter(isGuaranteeSchemeId),
    schemesConfirmed: settings.schemesConfirmed,
    deductionShown: settings.deductionShown,
    areaMode: area.mode,
    codes: area.mode === 'municipalities' ? area.codes : [],
    km: area.mode === 'radius' ? String(area.km) : '',
    emergencyEnabled: settings.emergency.enabled,
    emergencyPhone: settings.emergency.phone,
    emergencyHours: settings.emergency.hours,
  };
}

/** The save's body, as the API takes it (an unreadable distance goes as NaN and is refused in Danish). */
function bodyOf(draft: Draft): TrustSettingsBody {
  return {
    authorisation:
      draft.authorisationType === ''
        ? null
        : { type: draft.authorisationType, number: draft.authorisationNumber },
    schemes: draft.schemes,
    schemesConfirmed: draft.schemesConfirmed,
    deductionShown: draft.deductionShown,
    area:
      draft.areaMode === 'municipalities'
        ? { mode: 'municipalities', codes: draft.codes }
        : draft.areaMode === 'radius'
          ? { mode: 'radius', km: draft.km.trim() === '' ? Number.NaN : Number(draft.km.replace(',', '.')) }
          : { mode: 'none' },
    emergency: { enabled: draft.emergencyEnabled, phone: draft.emergencyPhone, hours: draft.emergencyHours },
  };
}

export function TrustTab() {
  const trust = useResource(() => api.get('/trust', TRUST_MESSAGES.loadFailed));
  if (trust.data === null) return <LoadState resource={trust} />;
  return <TrustForm data={trust.data} onSaved={trust.setData} />;
}

function TrustForm({ data, onSaved }: { data: TrustJson; onSaved(next: TrustJson): void }) {
  const { offer, settings } = data;
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [errors, setErrors] = useState<FieldErrors>({});
  const { state, run, clear } = useSaveState();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const body = useMemo(() => bodyOf(draft), [draft]);
  // The preview shows what passes so far; a refusal waits for "Gem ændringer" (issue 49).
  const previewBody = useMemo(() => trustPreviewBody(body), [body]);

  // The trade's authorisations, and the stored one even when the trade is read differently now.
  const types = [
    ...new Set<AuthorisationType>([
      ...offer.authorisationTypes,
      ...(settings.authorisation ? [settings.authorisation.type] : []),
    ]),
  ];
  // The schemes the trade may claim (issue 48), and a stored one the trade is not offered, to untick.
  const schemeChoices = GUARANTEE_SCHEMES.filter(
    (scheme) =>
      (offer.schemes as readonly string[]).includes(scheme.id) || settings.schemes.includes(scheme.id),
  );
  const showEmergency = offer.emergency || settings.emergency.enabled;
  // A salon or a garage drives nowhere; an area stored before still shows, to be cleared.
  const showArea = offer.serviceArea || settings.area.mode !== 'none';
  const unchangedCheck =
    settings.authorisation?.checked === true &&
    settings.authorisation.type === draft.authorisationType &&
    settings.authorisation.number === draft.authorisationNumber.replace(/\D/g, '');

  // Unsaved until what the form would send is what is stored (issue 40: asked before it is lost).
  const dirty = useMemo(
    () => JSON.stringify(body) !== JSON.stringify(bodyOf(draftOf(settings))),
    [body, settings],
  );
  const save = async (): Promise<boolean> => {
    const checked = validate(trustSettingsSchema, body);
    if (!checked.ok) {
      setErrors(checked.errors);
      clear();
      return false;
    }
    setErrors({});
    return run(async () => {
      onSaved(await api.put('/trust', MESSAGES.saveFailed, body));
    });
  };
  useUnsavedChanges({
    dirty,
    save,
    discard: () => {
      setDraft(draftOf(settings));
      setErrors({});
    },
  });
  // A save answers the stored settings; the form shows them from then on.
  useEffect(() => setDraft(draftOf(settings)), [settings]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  return (
    <form onSubmit={submit} noValidate className="trust-form">
      <h2>Troværdighed</h2>
      <p className="field-hint">
        Det tjekker kunderne, før de ringer. Det, du udfylder her, vises på din forside og i
        Kontakt-sektionen.
      </p>

      {types.length > 0 ? (
        <AuthorisationGroup
          types={types}
          unchangedCheck={unchangedCheck}
          draft={draft}
          set={set}
          errors={errors}
        />
      ) : null}

      {schemeChoices.length > 0 ? (
        <SchemesGroup
          choices={schemeChoices}
          checked={settings.schemesChecked}
          draft={draft}
          set={set}
          errors={errors}
        />
      ) : null}

      <DeductionGroup offer={offer} draft={draft} set={set} />

      {showArea ? <AreaGroup draft={draft} set={set} errors={errors} /> : null}

      {showEmergency ? <EmergencyGroup draft={draft} set={set} errors={errors} /> : null}

      <SaveBar state={state} dirty={dirty} />
      <SitePreview
        subject="forsiden"
        draftKey={JSON.stringify(previewBody)}
        load={(signal) => api.postAbortable('/trust/preview', MESSAGES.previewFailed, signal, previewBody)}
      />
    </form>
  );
}

/** One field of the draft changed. */
type SetDraft = <K extends keyof Draft>(key: K, value: Draft[K]) => void;

/** What each group of the form reads and writes. */
interface GroupProps {
  draft: Draft;
  set: SetDraft;
  errors: FieldErrors;
}

/** Autorisation: the trade's authorisation from Sikkerhedsstyrelsen and its number. */
function AuthorisationGroup({
  types,
  unchangedCheck,
  draft,
  set,
  errors,
}: GroupProps & { types: readonly AuthorisationType[]; unchangedCheck: boolean }) {
  return (
    <fieldset className="trust-group">
      <legend>Autorisation</legend>
      <div className="field">
        <label className="field-label" htmlFor="trust-authorisation-type">
          Autorisation fra Sikkerhedsstyrelsen
        </label>
        <select
          id="trust-authorisation-type"
          value={draft.authorisationType}
          onChange={(event) => set('authorisationType', event.target.value as AuthorisationType | '')}
        >
          <option value="">Ingen autorisation vist</option>
          {types.map((type) => (
            <option key={type} value={type}>
              {AUTHORISATIONS[type].label}
            </option>
          ))}
        </select>
        {errors['authorisation.type'] ? (
          <span className="form-error">{errors['authorisation.type']}</span>
        ) : null}
      </div>
      {draft.authorisationType !== '' ? (
        <>
          <Field
            label="Autorisationsnummer"
            inputMode="numeric"
            name="authorisationNumber"
            value={draft.authorisationNumber}
            onChange={(value) => set('authorisationNumber', value)}
            hint="Som det står i Sikkerhedsstyrelsens autorisationsregister, f.eks. 12345"
            error={errors['authorisation.number']}
          />
          <p className="field-hint">
            {unchangedCheck
              ? 'Vi har kontrolleret nummeret i Sikkerhedsstyrelsens register.'
              : 'Indtil vi har kontrolleret nummeret i registret, står der “oplyst af firmaet” ved det på hjemmesiden.'}{' '}
            <a href={AUTHORISATION_REGISTER_URL} target="_blank" rel="noopener noreferrer">
              Se registret
            </a>
          </p>
        </>
      ) : null}
    </fieldset>
  );
}

/** Garantiordninger og medlemskaber: the schemes the owner ticks, and the confirmation they are true. */
function SchemesGroup({
  choices,
  checked,
  draft,
  set,
  errors,
}: GroupProps & { choices: typeof GUARANTEE_SCHEMES; checked: readonly string[] }) {
  return (
    <fieldset className="trust-group">
      <legend>Garantiordninger og medlemskaber</legend>
      <p className="field-hint">
        Sæt kun flueben ved dem, firmaet er medlem af. De vises som links til ordningens egen side.
      </p>
      <div className="trust-schemes">
        {choices.map((scheme) => (
          <label key={scheme.id} className="checkbox trust-scheme">
            <input
              type="checkbox"
              checked={draft.schemes.includes(scheme.id)}
              onChange={(event) =>
                set(
                  'schemes',
                  event.target.checked
                    ? [...draft.schemes, scheme.id]
                    : draft.schemes.filter((id) => id !== scheme.id),
                )
              }
            />
            <span>
              <strong>{scheme.name}</strong>
              {checked.includes(scheme.id) ? (
                <span className="field-hint"> · kontrolleret af Mesterside</span>
              ) : null}
              <span className="field-hint">{scheme.who}</span>
            </span>
          </label>
        ))}
      </div>
      {draft.schemes.length > 0 ? (
        <>
          <label className="checkbox trust-confirm">
            <input
              type="checkbox"
              name="schemesConfirmed"
              checked={draft.schemesConfirmed}
              onChange={(event) => set('schemesConfirmed', event.target.checked)}
              aria-invalid={errors.schemesConfirmed ? true : undefined}
            />
            <span>{SCHEME_CONFIRMATION}</span>
          </label>
          {errors.schemesConfirmed ? <p className="form-error">{errors.schemesConfirmed}</p> : null}
        </>
      ) : null}
      {errors.schemes ? <p className="form-error">{errors.schemes}</p> : null}
    </fieldset>
  );
}

/** Håndværkerfradrag: what of the trade's work gives the deduction, shown or not. */
function DeductionGroup({ offer, draft, set }: Omit<GroupProps, 'errors'> & { offer: TrustJson['offer'] }) {
  return (
    <fieldset className="trust-group">
      <legend>Håndværkerfradrag</legend>
      {offer.deduction ? (
        <>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={draft.deductionShown}
              onChange={(event) => set('deductionShown', event.target.checked)}
            />
            Vis kunderne, hvad der giver håndværkerfradrag
          </label>
          <ul className="trust-deduction">
            {offer.deduction.items.map((item) => (
              <li key={item.work}>
                {item.ceilingKr === null
                  ? item.work
                  : `${item.work}: op til ${formatKroner(item.ceilingKr)} pr. person i ${offer.deduction?.year}`}
              </li>
            ))}
          </ul>
          <p className="field-hint">
            {offer.deduction.amountsKnown
              ? ''
              : `Skattestyrelsens beløbsgrænser for ${offer.deduction.year} er ikke lagt ind endnu, så hjemmesiden viser arbejdet uden beløb. `}
            Beløbene og reglerne følger Skattestyrelsen og opdateres hvert år. Husk at skrive arbejdsløn og
            materialer på hver sin linje, når en kunde spørger efter fradrag.
          </p>
        </>
      ) : (
        <p className="field-hint">
          Arbejdet i dit fag ({offer.trade}) står ikke på Skattestyrelsens liste over arbejde med
          håndværkerfradrag i år, så hjemmesiden siger ikke noget om fradrag.
        </p>
      )}
    </fieldset>
  );
}

/** Vi kører i: no area, a list of municipalities, or a distance from the company's address. */
function AreaGroup({ draft, set, errors }: GroupProps) {
  return (
    <fieldset className="trust-group">
      <legend>Vi kører i</legend>
      <div className="trust-modes" role="radiogroup" aria-label="Område">
        {(
          [
            ['none', 'Ikke angivet'],
            ['municipalities', 'Kommuner'],
            ['radius', 'Afstand fra adressen'],
          ] as const
        ).map(([mode, label]) => (
          <label key={mode} className="checkbox">
            <input
              type="radio"
              name="areaMode"
              value={mode}
              checked={draft.areaMode === mode}
              onChange={() => set('areaMode', mode)}
            />
            {label}
          </label>
        ))}
      </div>
      {draft.areaMode === 'municipalities' ? (
        <MunicipalityPicker
          codes={draft.codes}
          onChange={(codes) => set('codes', codes)}
          error={errors['area.codes'] ?? errors.area}
        />
      ) : null}
      {draft.areaMode === 'radius' ? (
        <Field
          label="Hvor langt kører I? (km)"
          inputMode="numeric"
          name="km"
          value={draft.km}
          onChange={(value) => set('km', value)}
          hint="Regnet fra firmaets adresse, f.eks. 30"
          error={errors['area.km'] ?? errors.area}
        />
      ) : null}
    </fieldset>
  );
}

/** Døgnvagt: the emergency phone and when it answers. */
function EmergencyGroup({ draft, set, errors }: GroupProps) {
  return (
    <fieldset className="trust-group">
      <legend>Døgnvagt</legend>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.emergencyEnabled}
          onChange={(event) => set('emergencyEnabled', event.target.checked)}
        />
        Vi har døgnvagt hele året
      </label>
      {draft.emergencyEnabled ? (
        <>
          <Field
            label="Døgnvagtens telefon"
            type="tel"
            inputMode="tel"
            name="emergencyPhone"
            value={draft.emergencyPhone}
            onChange={(value) => set('emergencyPhone', value)}
            hint="Dansk nummer med 8 cifre, f.eks. 70 20 30 40"
            error={errors['emergency.phone']}
          />
          <div className="trust-modes" role="radiogroup" aria-label="Hvornår kan døgnvagten ringes op?">
            {(Object.keys(EMERGENCY_HOURS_TEXT) as EmergencyHours[]).map((hours) => (
              <label key={hours} className="checkbox">
                <input
                  type="radio"
                  name="emergencyHours"
                  value={hours}
                  checked={draft.emergencyHours === hours}
                  onChange={() => set('emergencyHours', hours)}
                />
                {EMERGENCY_HOURS_TEXT[hours].charAt(0).toUpperCase() + EMERGENCY_HOURS_TEXT[hours].slice(1)}
              </label>
            ))}
          </div>
          <p className="field-hint">
            Uden for jeres åbningstid viser telefonknappen på mobilen “Døgnvagt: Ring …”.
          </p>
        </>
      ) : null}
    </fieldset>
  );
}

function MunicipalityPicker({
  codes,
  onChange,
  error,
}: {
  codes: string[];
  onChange(codes: string[]): void;
  error: string | undefined;
}) {
  const [query, setQuery] = useState('');
  const trimmed = query.trim().toLowerCase();
  // The postcodes come in a chunk of their own, fetched the first time the owner types four digits.
  const [postcodes, setPostcodes] = useState<typeof import('../../../../rules/postcodes') | null>(null);
  const typedPostcode = /^\d{4}$/.test(trimmed);
  useEffect(() => {
    if (typedPostcode && postcodes === null) void import('../../../../rules/postcodes').then(setPostcodes);
  }, [typedPostcode, postcodes]);
  const byPostcode = typedPostcode && postcodes ? postcodes.municipalitiesForPostcode(trimmed) : null;
  const matches =
    trimmed === ''
      ? []
      : byPostcode !== null
        ? byPostcode.flatMap((code) => municipality(code) ?? [])
        : MUNICIPALITIES.filter((m) => m.name.toLowerCase().startsWith(trimmed)).slice(0, 8);
  const add = (code: string) => {
    if (!codes.includes(code)) onChange([...codes, code]);
    setQuery('');
    setActiveCode(null);
  };
  // A combobox (WAI-ARIA APG, list autocomplete): the arrow keys move through the matches, Enter adds
  // the one marked (issue 49: Enter and the arrows did nothing), Escape empties the search; the
  // focus stays in the field.
  const listId = useId();
  // The marked match by its code; a new search marks its first match not chosen yet.
  const [activeCode, setActiveCode] = useState<string | null>(null);
  const marked =
    matches.find((m) => m.code === activeCode) ?? matches.find((m) => !codes.includes(m.code)) ?? matches[0];
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (matches.length === 0 || marked === undefined) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next = matches[(matches.indexOf(marked) + step + matches.length) % matches.length];
      setActiveCode(next?.code ?? null);
    } else if (event.key === 'Enter') {
      // Never the form's submit from the search field.
      event.preventDefault();
      if (marked && !codes.includes(marked.code)) add(marked.code);
    } else if (event.key === 'Escape' && query !== '') {
      event.preventDefault();
      setQuery('');
    }
  };
  const optionId = (code: string) => `${listId}-${code}`;
  return (
    <div className="trust-picker">
      <Field
        label="Tilføj kommune"
        name="municipalitySearch"
        value={query}
        onChange={(value) => {
          setQuery(value);
          setActiveCode(null);
        }}
        hint="Skriv kommunens navn eller et postnummer, og vælg med piletasterne og Enter"
        error={byPostcode !== null && byPostcode.length === 0 ? TRUST_MESSAGES.postcodeUnknown : error}
        inputProps={{
          role: 'combobox',
          autoComplete: 'off',
          'aria-autocomplete': 'list',
          'aria-expanded': matches.length > 0,
          'aria-controls': listId,
          'aria-activedescendant': marked ? optionId(marked.code) : undefined,
          onKeyDown,
        }}
      />
      {matches.length > 0 ? (
        <div id={listId} className="trust-matches" role="listbox" aria-label="Kommuner, der passer">
          {matches.map((m) => {
            const chosen = codes.includes(m.code);
            return (
              // The field keeps the focus and the keys; a click or tap picks too.
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's field handles the keys
              <div
                key={m.code}
                id={optionId(m.code)}
                role="option"
                tabIndex={-1}
                aria-selected={m === marked}
                aria-disabled={chosen ? true : undefined}
                className={m === marked ? 'trust-match trust-match-active' : 'trust-match'}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  if (!chosen) add(m.code);
                }}
              >
                {m.officialName}
                {chosen ? <span className="trust-match-chosen"> (valgt)</span> : null}
              </div>
            );
          })}
        </div>
      ) : null}
      {codes.length > 0 ? (
        <ul className="trust-chosen" aria-label="Valgte kommuner">
          {codes.map((code) => (
            <li key={code}>
              <span>{municipality(code)?.name ?? code}</span>
              <button
                type="button"
                className="trust-remove"
                aria-label={`Fjern ${municipality(code)?.name ?? code}`}
                onClick={() => onChange(codes.filter((c) => c !== code))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
