// Step 2: the owner's login (e-mail, password twice, the privacy consent). The e-mail is also where the
// site's quote requests go (issue 39), so the step says so where it is typed. While the site is being
// created the form stays in view behind the overlay, inert.
import type { FormEvent } from 'react';
import { MESSAGES } from '../../../rules/messages';
import { describedBy, ErrorAlert, type HeadingRef, TextField } from '../fields';
import type { Editable, FieldError } from '../onboarding-reducer';

export function LoginStep(props: {
  email: string;
  password: string;
  passwordRepeat: string;
  acceptPrivacy: boolean;
  /** True while the site is being created. */
  creating: boolean;
  error: FieldError | null;
  /** The heading ref while this step has focus; undefined under the creation overlay. */
  heading: HeadingRef | undefined;
  onEdit: (changes: Partial<Editable>) => void;
  onBack: () => void;
  onSubmit: () => void;
}) {
  const { error, onEdit } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <form className="ob-card" onSubmit={submit} noValidate inert={props.creating}>
      <p className="ob-step">Trin 2 af 2</p>
      <h2 ref={props.heading} tabIndex={-1}>
        Opret login
      </h2>
      <p className="ob-lead">Du logger ind med din e-mail for at rette din hjemmeside.</p>
      <TextField
        id="ob-email"
        label="E-mail"
        hint='Kundernes forespørgsler fra formularen "Få et tilbud" på hjemmesiden sendes også hertil. Du kan vælge en anden adresse senere.'
        name="email"
        type="email"
        autoComplete="email"
        value={props.email}
        onValue={(email) => onEdit({ email })}
        error={error}
      />
      <TextField
        id="ob-password"
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        hint={MESSAGES.passwordHint}
        value={props.password}
        onValue={(password) => onEdit({ password })}
        error={error}
      />
      <TextField
        id="ob-password-repeat"
        label="Gentag password"
        name="passwordRepeat"
        type="password"
        autoComplete="new-password"
        value={props.passwordRepeat}
        onValue={(passwordRepeat) => onEdit({ passwordRepeat })}
        error={error}
      />
      <div className="ob-check">
        <input
          id="ob-privacy"
          name="acceptPrivacy"
          type="checkbox"
          checked={props.acceptPrivacy}
          onChange={(event) => onEdit({ acceptPrivacy: event.target.checked })}
          {...describedBy(error, 'ob-privacy')}
        />
        <label htmlFor="ob-privacy">Jeg accepterer privatlivspolitikken</label>
      </div>
      <p className="ob-hint">
        <a href="/privacy" target="_blank" rel="noopener">
          Læs privatlivspolitikken
        </a>
      </p>
      <ErrorAlert error={error} />
      <div className="ob-actions">
        <button className="ob-button ob-secondary" type="button" onClick={props.onBack}>
          Tilbage
        </button>
        <button className="ob-button ob-primary" type="submit" disabled={props.creating}>
          Opret hjemmeside
        </button>
      </div>
    </form>
  );
}
