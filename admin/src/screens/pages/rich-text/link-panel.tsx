// The Link button's panel (issue 40): the link's words, then where it goes — one of the site's own
// pages by name or the contact form ("Få et tilbud"), listed first, or an address the owner types
// (phone, e-mail, web), checked by rules/link-address.ts with a Danish message beside the field.
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { CONTACT_TARGET, checkLinkAddress, type LinkTarget } from '../../../../../rules/link-address';

/** The choice that means "an address I type". */
const OWN_ADDRESS = '';

interface LinkPanelProps {
  /** The words and address the panel starts from (an empty address for a new link). */
  label: string;
  href: string;
  pages: readonly LinkTarget[];
  onCancel(): void;
  /** The link's words and checked href; a null href removes the link and keeps its words. */
  onDone(label: string, href: string | null): void;
}

export function LinkPanel({ label: startLabel, href, pages, onCancel, onDone }: LinkPanelProps) {
  const id = useId();
  const targets = [...pages, CONTACT_TARGET];
  const known = targets.find((target) => target.href === href);
  const editing = href !== '';
  const [label, setLabel] = useState(startLabel);
  const [choice, setChoice] = useState(known ? known.href : OWN_ADDRESS);
  const [address, setAddress] = useState(known ? '' : href);
  const [error, setError] = useState<string | null>(null);
  const chooser = useRef<HTMLSelectElement>(null);
  const addressRef = useRef<HTMLInputElement>(null);

  // Opens on the address field (type and press Enter, as before), or on the page a link goes to.
  const startsOnPage = known !== undefined;
  useEffect(() => {
    if (startsOnPage) chooser.current?.focus();
    else addressRef.current?.focus();
  }, [startsOnPage]);

  const submit = () => {
    if (choice !== OWN_ADDRESS) {
      onDone(label, choice);
      return;
    }
    const checked = checkLinkAddress(address, targets);
    if (!checked.ok) {
      setError(checked.message);
      addressRef.current?.focus();
      return;
    }
    onDone(label, checked.href);
  };

  // The panel sits inside the page's form: Enter inserts the link instead of saving the page.
  const keys = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <fieldset className="link-panel" onKeyDown={keys}>
      <legend className="link-panel-title">{editing ? 'Ret link' : 'Indsæt link'}</legend>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-label`}>
          Linktekst
        </label>
        <input
          id={`${id}-label`}
          type="text"
          value={label}
          onChange={(event) => setLabel(event.target.value)}
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-target`}>
          Link til
        </label>
        <select
          ref={chooser}
          id={`${id}-target`}
          value={choice}
          onChange={(event) => {
            setChoice(event.target.value);
            setError(null);
          }}
        >
          <optgroup label="Sider på din hjemmeside">
            {targets.map((target) => (
              <option key={target.href} value={target.href}>
                {target.label}
              </option>
            ))}
          </optgroup>
          <optgroup label="Andet">
            <option value={OWN_ADDRESS}>Skriv en adresse …</option>
          </optgroup>
        </select>
      </div>
      {choice === OWN_ADDRESS ? (
        <div className="field">
          <label className="field-label" htmlFor={`${id}-address`}>
            Adresse
          </label>
          <input
            ref={addressRef}
            id={`${id}-address`}
            type="text"
            inputMode="url"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="f.eks. 12 34 56 78, navn@firma.dk eller firma.dk"
            value={address}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setAddress(event.target.value);
              setError(null);
            }}
          />
          {error ? (
            <span className="form-error" id={`${id}-error`} role="alert">
              {error}
            </span>
          ) : null}
        </div>
      ) : null}
      <div className="link-panel-actions">
        <button type="button" className="button" onClick={submit}>
          {editing ? 'Gem link' : 'Indsæt link'}
        </button>
        {editing ? (
          <button type="button" className="button button-ghost" onClick={() => onDone(label, null)}>
            Fjern link
          </button>
        ) : null}
        <button type="button" className="button button-ghost" onClick={onCancel}>
          Annuller
        </button>
      </div>
    </fieldset>
  );
}
