// The page's "Tekst" field with a formatting toolbar (issue 27 item 5): Fed, Overskrift, Punktliste
// and Link write the Markdown subset the site renders, so an owner formats by clicking or with the
// usual shortcuts and never types a mark. The edits themselves are pure (text-format.ts); this file
// applies them to the textarea through the browser's own editing command, so Ctrl+Z undoes them and
// React hears an ordinary input event. The toolbar is one tab stop (arrow keys move inside it, the
// ARIA toolbar pattern); Link opens a small panel under the field instead of a prompt.
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import {
  activeFormats,
  checkLinkAddress,
  insertLink,
  type LinkDraft,
  linkDraft,
  type TextSelection,
  toggleBold,
  toggleHeading,
  toggleList,
} from './text-format';
import './page-text-field.css';

type Command = 'bold' | 'heading' | 'list' | 'link';

const MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);
const MOD = MAC ? '⌘' : 'Ctrl+';
const SHIFT = MAC ? '⇧' : 'Skift+';

const BUTTONS: { command: Command; label: string; keys: string; aria: string }[] = [
  { command: 'bold', label: 'Fed', keys: `${MOD}B`, aria: 'Control+B Meta+B' },
  { command: 'heading', label: 'Overskrift', keys: `${MOD}${SHIFT}2`, aria: 'Control+Shift+2 Meta+Shift+2' },
  { command: 'list', label: 'Punktliste', keys: `${MOD}${SHIFT}8`, aria: 'Control+Shift+8 Meta+Shift+8' },
  { command: 'link', label: 'Link', keys: `${MOD}K`, aria: 'Control+K Meta+K' },
];

/** The command a key press in the text asks for, if any. */
function shortcut(event: KeyboardEvent): Command | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (!event.shiftKey && key === 'b') return 'bold';
  if (!event.shiftKey && key === 'k') return 'link';
  // By the key's place, not its character: Shift+2 is `"` on a Danish keyboard.
  if (event.shiftKey && event.code === 'Digit2') return 'heading';
  if (event.shiftKey && event.code === 'Digit8') return 'list';
  return null;
}

function selectionOf(area: HTMLTextAreaElement): TextSelection {
  return { text: area.value, start: area.selectionStart, end: area.selectionEnd };
}

/**
 * Puts `next` into the textarea as one edit the browser can undo: only the changed middle is
 * replaced, with `insertText`; where that command is missing the value is set and an input event
 * sent, which React reads like typing (undo then may not cover it).
 */
function applyEdit(area: HTMLTextAreaElement, next: TextSelection): void {
  const old = area.value;
  let head = 0;
  while (head < old.length && head < next.text.length && old[head] === next.text[head]) head++;
  let tail = 0;
  while (
    tail < old.length - head &&
    tail < next.text.length - head &&
    old[old.length - 1 - tail] === next.text[next.text.length - 1 - tail]
  )
    tail++;
  area.focus();
  if (old !== next.text) {
    area.setSelectionRange(head, old.length - tail);
    let done = false;
    try {
      done = document.execCommand('insertText', false, next.text.slice(head, next.text.length - tail));
    } catch {
      done = false;
    }
    if (!done || area.value !== next.text) {
      const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
      setValue?.call(area, next.text);
      area.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
  area.setSelectionRange(next.start, next.end);
}

interface PageTextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  rows: number;
  hint?: ReactNode;
  error?: string | undefined;
}

export function PageTextField(props: PageTextFieldProps) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const toolbar = useRef<HTMLDivElement>(null);
  const [focusIndex, setFocusIndex] = useState(0);
  const [selection, setSelection] = useState<TextSelection>({ text: props.value, start: 0, end: 0 });
  // `opened` counts the panel's openings: each one starts from its own draft.
  const [link, setLink] = useState<{ draft: LinkDraft; text: string; opened: number } | null>(null);
  const opened = useRef(0);
  const hintId = props.hint ? `${id}-hint` : undefined;
  const errorId = props.error ? `${id}-error` : undefined;
  const active = activeFormats(selection);
  const pressed: Partial<Record<Command, boolean>> = {
    bold: active.bold,
    heading: active.heading,
    list: active.list,
  };

  const remember = () => {
    if (area.current) setSelection(selectionOf(area.current));
  };

  const run = (command: Command) => {
    const element = area.current;
    if (!element) return;
    const current = selectionOf(element);
    if (command === 'link') {
      opened.current++;
      setLink({ draft: linkDraft(current), text: current.text, opened: opened.current });
      return;
    }
    const edit = command === 'bold' ? toggleBold : command === 'heading' ? toggleHeading : toggleList;
    applyEdit(element, edit(current));
    remember();
  };

  // Arrow keys, Home and End move between the toolbar's buttons; Tab leaves it.
  const moveInToolbar = (event: KeyboardEvent) => {
    const last = BUTTONS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? focusIndex === last
          ? 0
          : focusIndex + 1
        : event.key === 'ArrowLeft'
          ? focusIndex === 0
            ? last
            : focusIndex - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setFocusIndex(next);
    toolbar.current?.querySelectorAll('button')[next]?.focus();
  };

  return (
    <div className="field page-text-field">
      <label className="field-label" htmlFor={id}>
        {props.label}
      </label>
      <div
        ref={toolbar}
        className="text-toolbar"
        role="toolbar"
        aria-label="Formatér teksten"
        aria-controls={id}
        onKeyDown={moveInToolbar}
      >
        {BUTTONS.map((button, index) => (
          <button
            key={button.command}
            type="button"
            className={`text-toolbar-button text-toolbar-${button.command}`}
            tabIndex={index === focusIndex ? 0 : -1}
            title={`${button.label} (${button.keys})`}
            aria-keyshortcuts={button.aria}
            aria-pressed={button.command === 'link' ? undefined : (pressed[button.command] ?? false)}
            aria-expanded={button.command === 'link' ? link !== null : undefined}
            // A click keeps the text's selection and focus; the keyboard reaches the button by Tab.
            onMouseDown={(event) => event.preventDefault()}
            onFocus={() => setFocusIndex(index)}
            // A second press on Link closes its panel.
            onClick={() => (button.command === 'link' && link ? setLink(null) : run(button.command))}
          >
            {button.label}
          </button>
        ))}
      </div>
      <textarea
        ref={area}
        id={id}
        rows={props.rows}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        onChange={(event) => {
          props.onChange(event.target.value);
          remember();
        }}
        onSelect={remember}
        onKeyDown={(event) => {
          const command = shortcut(event);
          if (!command) return;
          event.preventDefault();
          run(command);
        }}
      />
      {link ? (
        <LinkPanel
          key={link.opened}
          draft={link.draft}
          onCancel={() => {
            setLink(null);
            area.current?.focus();
          }}
          onDone={(label, href) => {
            const element = area.current;
            setLink(null);
            if (!element) return;
            const current = selectionOf(element);
            // Text typed meanwhile moved what the link replaces: take it from the selection now.
            const base = current.text === link.text ? link.draft : linkDraft(current);
            const draft = { ...base, label };
            applyEdit(
              element,
              href === null
                ? {
                    text: current.text.slice(0, draft.start) + label + current.text.slice(draft.end),
                    start: draft.start,
                    end: draft.start + label.length,
                  }
                : insertLink(current, draft, href),
            );
            remember();
          }}
        />
      ) : null}
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

interface LinkPanelProps {
  draft: LinkDraft;
  onCancel(): void;
  /** The link's text and checked href; a null href removes the link and keeps its text. */
  onDone(label: string, href: string | null): void;
}

/** The Link button's panel: the link's text and address, checked with a Danish message. */
function LinkPanel({ draft, onCancel, onDone }: LinkPanelProps) {
  const id = useId();
  const [label, setLabel] = useState(draft.label);
  const [address, setAddress] = useState(draft.href);
  const [error, setError] = useState<string | null>(null);
  const addressRef = useRef<HTMLInputElement>(null);
  const editing = draft.href !== '';

  useEffect(() => {
    addressRef.current?.focus();
  }, []);

  const submit = () => {
    const checked = checkLinkAddress(address);
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
        <label className="field-label" htmlFor={`${id}-address`}>
          Adresse
        </label>
        <input
          ref={addressRef}
          id={`${id}-address`}
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="f.eks. firma.dk eller /kontakt"
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
