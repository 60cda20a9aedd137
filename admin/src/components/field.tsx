// A labelled input or textarea with its hint and its error (linked by aria-describedby), the one
// way every admin form shows a field.
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

interface FieldProps {
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  hint?: ReactNode;
  error?: string | undefined;
  type?: 'text' | 'email' | 'tel' | 'url' | 'password';
  /** A textarea of this many rows instead of an input. */
  rows?: number;
  maxLength?: number;
  placeholder?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'tel' | 'email' | 'url';
  /** Shown before the input, e.g. `https://`. */
  prefix?: string;
  name?: string;
  required?: boolean;
  /** More for the input, e.g. a combobox's role, aria-* and keys (the trust tab's kommune picker). */
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
}

export function Field(props: FieldProps) {
  const id = useId();
  const hintId = props.hint ? `${id}-hint` : undefined;
  const errorId = props.error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: props.name,
    value: props.value,
    maxLength: props.maxLength,
    placeholder: props.placeholder,
    required: props.required,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': describedBy,
  } as const;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {props.label}
      </label>
      {props.rows ? (
        <textarea {...common} rows={props.rows} onChange={(event) => props.onChange(event.target.value)} />
      ) : (
        <div className={props.prefix ? 'field-prefixed' : undefined}>
          {props.prefix ? <span aria-hidden="true">{props.prefix}</span> : null}
          <input
            {...props.inputProps}
            {...common}
            type={props.type ?? 'text'}
            autoComplete={props.autoComplete}
            inputMode={props.inputMode}
            onChange={(event) => props.onChange(event.target.value)}
          />
        </div>
      )}
      {props.hint ? (
        <span className="field-hint" id={hintId}>
          {props.hint}
        </span>
      ) : null}
      {props.error ? (
        <span className="form-error" id={errorId}>
          {props.error}
        </span>
      ) : null}
    </div>
  );
}
