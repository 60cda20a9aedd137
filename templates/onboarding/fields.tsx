// The pieces every step's form shares: the one alert of the current error and the aria wiring that
// ties it to the input it is about.
import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FieldError } from './onboarding-reducer';

export const ERROR_ID = 'onboarding-error';

/** Focuses a newly shown step's heading (a callback ref; the flow decides when). */
export type HeadingRef = (element: HTMLHeadingElement | null) => void;

export function ErrorAlert({ error }: { error: FieldError | null }) {
  if (!error) return null;
  return (
    <p id={ERROR_ID} className="ob-alert" role="alert" tabIndex={-1}>
      {error.message}
    </p>
  );
}

/** aria props for an input that the current error may belong to. */
export function describedBy(error: FieldError | null, id: string, hint?: string) {
  const invalid = error?.field === id;
  const ids = [hint, invalid ? ERROR_ID : undefined].filter(Boolean).join(' ');
  return { 'aria-invalid': invalid || undefined, 'aria-describedby': ids || undefined };
}

export function Choice(props: {
  id: string;
  name: string;
  checked: boolean;
  onChange: () => void;
  error: FieldError | null;
  children: ReactNode;
}) {
  return (
    <div className="ob-choice">
      <input
        id={props.id}
        name={props.name}
        type="radio"
        checked={props.checked}
        onChange={props.onChange}
        {...describedBy(props.error, props.id)}
      />
      <label htmlFor={props.id}>{props.children}</label>
    </div>
  );
}

/** A labelled text input (and its hint) whose error, when it is the current one, it is described by. */
export function TextField(
  props: {
    id: string;
    label: string;
    value: string;
    onValue: (value: string) => void;
    error: FieldError | null;
    hint?: string;
    className?: string;
  } & Pick<
    InputHTMLAttributes<HTMLInputElement>,
    'name' | 'type' | 'inputMode' | 'autoComplete' | 'placeholder'
  >,
) {
  const { id, label, value, onValue, error, hint, className, ...input } = props;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={className ? `ob-field ${className}` : 'ob-field'}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        {...input}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        {...describedBy(error, id, hintId)}
      />
      {hint && (
        <p id={hintId} className="ob-hint">
          {hint}
        </p>
      )}
    </div>
  );
}
