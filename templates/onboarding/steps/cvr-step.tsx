// Find the company by CVR. The form is a plain GET form too: sent before the island has loaded (a
// slow phone), it reloads /onboarding?cvr=…, and the flow carries on from there.
import type { FormEvent } from 'react';
import { ErrorAlert, type HeadingRef, TextField } from '../fields';
import type { FieldError } from '../onboarding-reducer';

export function CvrStep(props: {
  cvr: string;
  busy: boolean;
  error: FieldError | null;
  heading: HeadingRef;
  onCvrChange: (cvr: string) => void;
  onSubmit: () => void;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <form className="ob-card" action="/onboarding" method="get" onSubmit={submit} noValidate>
      <h2 ref={props.heading} tabIndex={-1}>
        Find din virksomhed
      </h2>
      <p className="ob-lead">Vi henter navn, adresse og branche fra CVR-registret.</p>
      <TextField
        id="ob-cvr"
        label="CVR-nummer"
        name="cvr"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="12 34 56 78"
        value={props.cvr}
        onValue={props.onCvrChange}
        error={props.error}
      />
      <ErrorAlert error={props.error} />
      <div className="ob-actions">
        <button className="ob-button ob-primary" type="submit" disabled={props.busy}>
          {props.busy ? 'Søger…' : 'Find virksomhed'}
        </button>
      </div>
    </form>
  );
}
