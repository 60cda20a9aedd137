// Step 1: confirm the company the registry found, say whether it has a website today (the proposed
// one, another one, or none), and for trades that need one, the authorisation's number (issue 42).
import type { FormEvent } from 'react';
import { AUTHORISATIONS, type AuthorisationType } from '../../../rules/authorisations';
import { Choice, ErrorAlert, type HeadingRef, TextField } from '../fields';
import type { Editable, FieldError, Lookup, OtherChoice, ProposedChoice } from '../onboarding-reducer';

export function ConfirmStep(props: {
  lookup: Lookup;
  proposed: ProposedChoice;
  other: OtherChoice;
  otherUrl: string;
  authorisationType: AuthorisationType | '';
  authorisationNumber: string;
  error: FieldError | null;
  heading: HeadingRef;
  onEdit: (changes: Partial<Editable>) => void;
  onBack: () => void;
  onSubmit: () => void;
}) {
  const { lookup, proposed, other, error, onEdit } = props;
  const { company, website } = lookup;
  const types = lookup.authorisationTypes ?? [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <form className="ob-card" onSubmit={submit} noValidate>
      <p className="ob-step">Trin 1 af 2</p>
      <h2 ref={props.heading} tabIndex={-1}>
        Bekræft virksomhed
      </h2>
      <dl className="ob-company">
        <dt>Navn</dt>
        <dd>{company.name}</dd>
        <dt>Adresse</dt>
        <dd>
          {company.address}
          <br />
          {company.zipcode} {company.city}
        </dd>
        <dt>Branche</dt>
        <dd>{company.industrydesc || '–'}</dd>
      </dl>

      {website && (
        <fieldset className="ob-fieldset">
          <legend>Er dette jeres eksisterende hjemmeside?</legend>
          <p className="ob-website">
            <strong>{website.title || website.url}</strong>
            <span>{website.url}</span>
          </p>
          <Choice
            id="ob-site-yes"
            name="proposed"
            checked={proposed === 'yes'}
            onChange={() => onEdit({ proposed: 'yes' })}
            error={error}
          >
            Ja, det er vores hjemmeside
          </Choice>
          <Choice
            id="ob-site-no"
            name="proposed"
            checked={proposed === 'no'}
            onChange={() => onEdit({ proposed: 'no' })}
            error={null}
          >
            Nej, det er ikke vores
          </Choice>
        </fieldset>
      )}

      {(!website || proposed === 'no') && (
        <fieldset className="ob-fieldset">
          <legend>{website ? 'Har I en anden hjemmeside?' : 'Har I en hjemmeside i dag?'}</legend>
          <Choice
            id="ob-other"
            name="other"
            checked={other === 'other'}
            onChange={() => onEdit({ other: 'other' })}
            error={null}
          >
            Vi har en anden hjemmeside
          </Choice>
          {other === 'other' && (
            <TextField
              id="ob-other-url"
              label="Webadresse"
              className="ob-nested"
              name="website"
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder="www.ditfirma.dk"
              value={props.otherUrl}
              onValue={(otherUrl) => onEdit({ otherUrl })}
              error={error}
            />
          )}
          <Choice
            id="ob-none"
            name="other"
            checked={other === 'none'}
            onChange={() => onEdit({ other: 'none' })}
            error={null}
          >
            Vi har ingen hjemmeside
          </Choice>
        </fieldset>
      )}

      {types.length > 0 && (
        <AuthorisationFields
          types={types}
          authorisationType={props.authorisationType}
          authorisationNumber={props.authorisationNumber}
          error={error}
          onEdit={onEdit}
        />
      )}

      <ErrorAlert error={error} />
      <div className="ob-actions">
        <button className="ob-button ob-secondary" type="button" onClick={props.onBack}>
          Tilbage
        </button>
        <button className="ob-button ob-primary" type="submit">
          Fortsæt
        </button>
      </div>
    </form>
  );
}

/** The authorisation's number, for a trade that needs one; its type too when the trade has several. */
function AuthorisationFields({
  types,
  authorisationType,
  authorisationNumber,
  error,
  onEdit,
}: {
  types: readonly AuthorisationType[];
  authorisationType: AuthorisationType | '';
  authorisationNumber: string;
  error: FieldError | null;
  onEdit: (changes: Partial<Editable>) => void;
}) {
  return (
    <fieldset className="ob-fieldset">
      <legend>Autorisation fra Sikkerhedsstyrelsen (valgfrit)</legend>
      {types.length > 1 &&
        types.map((type) => (
          <Choice
            key={type}
            id={`ob-authorisation-${type}`}
            name="authorisationType"
            checked={authorisationType === type}
            onChange={() => onEdit({ authorisationType: type })}
            error={null}
          >
            {AUTHORISATIONS[type].title}
          </Choice>
        ))}
      <TextField
        id="ob-authorisation-number"
        label={
          types.length === 1
            ? `${AUTHORISATIONS[types[0] as AuthorisationType].title}, aut. nr.`
            : 'Autorisationsnummer'
        }
        name="authorisationNumber"
        inputMode="numeric"
        value={authorisationNumber}
        onValue={(authorisationNumber) => onEdit({ authorisationNumber })}
        hint="Vises på hjemmesiden med et link til Sikkerhedsstyrelsens register, så kunderne kan tjekke det. Du kan også tilføje det senere."
        error={error}
      />
    </fieldset>
  );
}
