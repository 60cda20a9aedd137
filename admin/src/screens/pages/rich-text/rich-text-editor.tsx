// The page's "Tekst" as formatted text (issue 40): headings, bold, lists and links shown as they will
// look, edited with the toolbar (Fed, Overskrift, Punktliste, Nummereret liste, Link), the usual
// shortcuts or Markdown-style typing, and stored as the same Markdown as before (markdown.ts). Loaded
// on its own when the page editor opens (page-text-field.tsx), so no other screen carries ProseMirror.
//
// For screen readers the text is a labelled multi-line text box with its hint and error; the toolbar
// is one tab stop (arrow keys move inside it, the ARIA toolbar pattern). On a phone the text is a
// plain contenteditable: the phone's own keyboard, autocorrect and selection handles work in it.
import type { Node as ProseNode } from 'prosemirror-model';
import { EditorState } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import type { LinkTarget } from '../../../../../rules/link-address';
import {
  type ActiveFormats,
  activeFormats,
  applyLink,
  cleanPastedHtml,
  editorPlugins,
  type FormatCommand,
  type LinkDraft,
  linkDraft,
  markLinking,
  pastedText,
  removeLink,
  runFormat,
} from './commands';
import { LinkPanel } from './link-panel';
import { parseMarkdown } from './parse-markdown';
import { serializeMarkdown } from './serialize-markdown';
import 'prosemirror-view/style/prosemirror.css';
import './rich-text-editor.css';

const MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);
const MOD = MAC ? '⌘' : 'Ctrl+';
const SHIFT = MAC ? '⇧' : 'Skift+';

const BUTTONS: { command: FormatCommand; label: string; keys: string; aria: string }[] = [
  { command: 'bold', label: 'Fed', keys: `${MOD}B`, aria: 'Control+B Meta+B' },
  { command: 'heading', label: 'Overskrift', keys: `${MOD}${SHIFT}2`, aria: 'Control+Shift+2 Meta+Shift+2' },
  {
    command: 'bulletList',
    label: 'Punktliste',
    keys: `${MOD}${SHIFT}8`,
    aria: 'Control+Shift+8 Meta+Shift+8',
  },
  {
    command: 'orderedList',
    label: 'Nummereret liste',
    keys: `${MOD}${SHIFT}7`,
    aria: 'Control+Shift+7 Meta+Shift+7',
  },
  { command: 'link', label: 'Link', keys: `${MOD}K`, aria: 'Control+K Meta+K' },
];

const NONE: ActiveFormats = {
  bold: false,
  heading: false,
  bulletList: false,
  orderedList: false,
  link: false,
};

export interface RichTextEditorProps {
  label: string;
  /** The stored Markdown. */
  value: string;
  onChange(value: string): void;
  /** The site's pages, for the Link panel. */
  pages: readonly LinkTarget[];
  rows: number;
  hint?: ReactNode;
  error?: string | undefined;
}

export function RichTextEditor(props: RichTextEditorProps) {
  const id = useId();
  const mount = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<ActiveFormats>(NONE);
  const [link, setLink] = useState<{ draft: LinkDraft; doc: ProseNode; opened: number } | null>(null);
  const opened = useRef(0);
  const hintId = props.hint ? `${id}-hint` : undefined;
  const errorId = props.error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  // The Link button and its shortcut: runs only once the view below exists.
  const openLink = () => {
    const current = view.current;
    if (!current) return;
    opened.current++;
    const draft = linkDraft(current.state);
    current.dispatch(markLinking(current.state.tr, draft));
    setLink({ draft, doc: current.state.doc, opened: opened.current });
  };
  const view = useMarkdownView(mount, props.value, props.onChange, openLink, setActive);

  // The text box's name, description and state for assistive technology.
  useEffect(() => {
    const element = view.current?.dom;
    if (!element) return;
    element.setAttribute('role', 'textbox');
    element.setAttribute('aria-multiline', 'true');
    element.setAttribute('aria-labelledby', `${id}-label`);
    if (describedBy) element.setAttribute('aria-describedby', describedBy);
    else element.removeAttribute('aria-describedby');
    if (props.error) element.setAttribute('aria-invalid', 'true');
    else element.removeAttribute('aria-invalid');
  }, [id, describedBy, props.error, view]);

  const run = (command: FormatCommand) => {
    const editor = view.current;
    if (!editor) return;
    if (command === 'link') {
      if (link) closeLink();
      else openLink();
      return;
    }
    runFormat(command)(editor.state, editor.dispatch);
    editor.focus();
  };

  const closeLink = () => {
    setLink(null);
    const editor = view.current;
    if (!editor) return;
    editor.dispatch(markLinking(editor.state.tr, null));
    editor.focus();
  };

  return (
    <div className="field page-text-field">
      {/* The text box is a div, named by this label through aria-labelledby. */}
      <span className="field-label" id={`${id}-label`}>
        {props.label}
      </span>
      <FormatToolbar textId={`${id}-text`} active={active} linkOpen={link !== null} onRun={run} />
      <div
        ref={mount}
        id={`${id}-text`}
        className={props.error ? 'rich-text rich-text-invalid' : 'rich-text'}
        style={{ minHeight: `${props.rows * 1.6 + 1.5}em` }}
      />
      {link ? (
        <LinkPanel
          key={link.opened}
          label={link.draft.label}
          href={link.draft.href}
          pages={props.pages}
          onCancel={closeLink}
          onDone={(label, href) => {
            const editor = view.current;
            setLink(null);
            if (!editor) return;
            editor.dispatch(markLinking(editor.state.tr, null));
            // A text changed meanwhile (the AI writer) moved what the link covers: take it afresh.
            const draft = editor.state.doc === link.doc ? link.draft : linkDraft(editor.state);
            editor.dispatch(
              href === null ? removeLink(editor.state, draft) : applyLink(editor.state, draft, label, href),
            );
            editor.focus();
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

/**
 * The ProseMirror view in `mount`, reading and writing `value` as Markdown. It lives as long as the
 * field; React renders around it. `onOpenLink` is the Link shortcut, `onFormats` hears the formats at
 * the cursor after every change.
 */
function useMarkdownView(
  mount: RefObject<HTMLDivElement | null>,
  value: string,
  onChangeNow: (value: string) => void,
  onOpenLinkNow: () => void,
  onFormats: (formats: ActiveFormats) => void,
): RefObject<EditorView | null> {
  const view = useRef<EditorView | null>(null);
  // The Markdown this editor last wrote or read: a new value from outside (the AI writer, a
  // restored version) replaces the document; our own echo does not.
  const written = useRef(value);
  // The document as read from the stored text: back at it (undo), the text is the stored one again,
  // not its rewriting, so the page is not marked as changed.
  const original = useRef<{ doc: ProseNode | null; markdown: string }>({ doc: null, markdown: value });
  const onChange = useRef(onChangeNow);
  onChange.current = onChangeNow;
  const openLink = useRef(onOpenLinkNow);
  openLink.current = onOpenLinkNow;

  // biome-ignore lint/correctness/useExhaustiveDependencies: created once; later values arrive below.
  useEffect(() => {
    if (!mount.current) return;
    const doc = parseMarkdown(value);
    original.current = { doc, markdown: value };
    const editor = new EditorView(mount.current, {
      state: EditorState.create({
        doc,
        plugins: editorPlugins(() => openLink.current()),
      }),
      attributes: { class: 'rich-text-content', spellcheck: 'true', lang: 'da' },
      transformPastedHTML: cleanPastedHtml,
      clipboardTextParser: (text) => pastedText(text),
      dispatchTransaction(transaction) {
        const next = editor.state.apply(transaction);
        editor.updateState(next);
        onFormats(activeFormats(next));
        if (transaction.docChanged) {
          const markdown = original.current.doc?.eq(next.doc)
            ? original.current.markdown
            : serializeMarkdown(next.doc);
          if (markdown !== written.current) {
            written.current = markdown;
            onChange.current(markdown);
          }
        }
      },
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, []);

  // A value set from outside the editor becomes its document (undo history starts over).
  // biome-ignore lint/correctness/useExhaustiveDependencies: onFormats is a state setter, stable.
  useEffect(() => {
    const editor = view.current;
    if (!editor || value === written.current) return;
    const doc = parseMarkdown(value);
    written.current = value;
    original.current = { doc, markdown: value };
    if (doc.eq(editor.state.doc)) return;
    editor.updateState(EditorState.create({ doc, plugins: editor.state.plugins }));
    onFormats(activeFormats(editor.state));
  }, [value]);

  return view;
}

/** The toolbar above the text: one tab stop; arrow keys, Home and End move between its buttons. */
function FormatToolbar({
  textId,
  active,
  linkOpen,
  onRun,
}: {
  textId: string;
  active: ActiveFormats;
  linkOpen: boolean;
  onRun: (command: FormatCommand) => void;
}) {
  const toolbar = useRef<HTMLDivElement>(null);
  const [focusIndex, setFocusIndex] = useState(0);

  // Arrow keys, Home and End move between the toolbar's buttons; Tab leaves it.
  const moveInToolbar = (event: KeyboardEvent) => {
    const last = BUTTONS.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: focusIndex === last ? 0 : focusIndex + 1,
      ArrowLeft: focusIndex === 0 ? last : focusIndex - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setFocusIndex(next);
    toolbar.current?.querySelectorAll('button')[next]?.focus();
  };

  return (
    <div
      ref={toolbar}
      className="text-toolbar"
      role="toolbar"
      aria-label="Formatér teksten"
      aria-controls={textId}
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
          aria-pressed={button.command === 'link' ? undefined : active[button.command]}
          aria-expanded={button.command === 'link' ? linkOpen : undefined}
          // A click keeps the text's selection and focus; the keyboard reaches the button by Tab.
          onMouseDown={(event) => event.preventDefault()}
          onFocus={() => setFocusIndex(index)}
          onClick={() => onRun(button.command)}
        >
          {button.label}
        </button>
      ))}
    </div>
  );
}
