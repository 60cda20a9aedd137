// The page text editor's commands and plugins (issue 40): the toolbar's Fed, Overskrift, Punktliste,
// Nummereret liste and Link, their shortcuts (by the key's place, so they work on a Danish keyboard
// where Shift+2 is `"`), Markdown-style typing for those who know it (`## `, `- `, `1. `, `> `,
// `**fed**`), undo, and paste that keeps only what the site can show.
import { baseKeymap, chainCommands, setBlockType, toggleMark } from 'prosemirror-commands';
import { history, redo, undo } from 'prosemirror-history';
import {
  InputRule,
  inputRules,
  textblockTypeInputRule,
  undoInputRule,
  wrappingInputRule,
} from 'prosemirror-inputrules';
import { keymap } from 'prosemirror-keymap';
import { type Mark, type MarkType, type Node, type NodeType, Slice } from 'prosemirror-model';
import { liftListItem, splitListItem, wrapInList } from 'prosemirror-schema-list';
import {
  type Command,
  type EditorState,
  Plugin,
  PluginKey,
  TextSelection,
  type Transaction,
} from 'prosemirror-state';
import { Decoration, DecorationSet } from 'prosemirror-view';
import { parseMarkdown } from './parse-markdown';
import { schema } from './schema';

export type FormatCommand = 'bold' | 'heading' | 'bulletList' | 'orderedList' | 'link';

// ---- What the selection is in --------------------------------------------------------------------

/** Whether the selection (or the caret's stored marks) carries the mark throughout. */
function markActive(state: EditorState, type: MarkType): boolean {
  const { from, to, empty, $from } = state.selection;
  if (empty) return type.isInSet(state.storedMarks ?? $from.marks()) !== undefined;
  let all = true;
  let any = false;
  state.doc.nodesBetween(from, to, (node) => {
    if (!node.isText) return;
    any = true;
    if (!type.isInSet(node.marks)) all = false;
  });
  return any && all;
}

/** The textblocks the selection touches. */
function selectedBlocks(state: EditorState): Node[] {
  const blocks: Node[] = [];
  const { from, to } = state.selection;
  state.doc.nodesBetween(from, to, (node) => {
    if (node.isTextblock) {
      blocks.push(node);
      return false;
    }
    return true;
  });
  return blocks;
}

function headingActive(state: EditorState): boolean {
  const blocks = selectedBlocks(state);
  return blocks.length > 0 && blocks.every((block) => block.type === schema.nodes.heading);
}

/** The nearest list the selection is in, with its depth, or null. */
function enclosingList(state: EditorState): { node: Node; depth: number; pos: number } | null {
  const { $from } = state.selection;
  for (let depth = $from.depth; depth > 0; depth--) {
    const node = $from.node(depth);
    if (node.type === schema.nodes.bullet_list || node.type === schema.nodes.ordered_list) {
      return { node, depth, pos: $from.before(depth) };
    }
  }
  return null;
}

function listActive(state: EditorState, type: NodeType): boolean {
  return enclosingList(state)?.node.type === type;
}

export interface ActiveFormats {
  bold: boolean;
  heading: boolean;
  bulletList: boolean;
  orderedList: boolean;
  link: boolean;
}

export function activeFormats(state: EditorState): ActiveFormats {
  return {
    bold: markActive(state, schema.marks.strong),
    heading: headingActive(state),
    bulletList: listActive(state, schema.nodes.bullet_list),
    orderedList: listActive(state, schema.nodes.ordered_list),
    link: linkAt(state) !== null,
  };
}

// ---- Commands ------------------------------------------------------------------------------------

const toggleBold: Command = toggleMark(schema.marks.strong);
const toggleItalic: Command = toggleMark(schema.marks.em);

/** Overskrift: the selected blocks become `##` subheadings, or text again when they all are. */
const toggleHeading: Command = (state, dispatch) =>
  headingActive(state)
    ? setBlockType(schema.nodes.paragraph)(state, dispatch)
    : setBlockType(schema.nodes.heading, { level: 2 })(state, dispatch);

/**
 * Punktliste / Nummereret liste: the selected blocks become a list of that kind; in a list of the
 * other kind, that list changes kind; in one of this kind, the items become text again.
 */
function toggleList(type: NodeType): Command {
  return (state, dispatch) => {
    const list = enclosingList(state);
    if (list && list.node.type === type) return liftListItem(schema.nodes.list_item)(state, dispatch);
    if (list) {
      if (dispatch) {
        const attrs =
          type === schema.nodes.ordered_list
            ? { start: 1, tight: list.node.attrs.tight }
            : { tight: list.node.attrs.tight };
        dispatch(state.tr.setNodeMarkup(list.pos, type, attrs).scrollIntoView());
      }
      return true;
    }
    // A heading in a list would be a list of headings: the lines become text first.
    if (headingActive(state)) {
      let first: Transaction | null = null;
      setBlockType(schema.nodes.paragraph)(state, (tr) => {
        first = tr;
      });
      if (!first) return false;
      const tr: Transaction = first;
      const wrapped = wrapInList(type)(state.apply(tr), (wrap) => {
        for (const step of wrap.steps) tr.step(step);
        tr.setSelection(wrap.selection.map(tr.doc, tr.mapping.slice(tr.steps.length)));
      });
      if (wrapped) dispatch?.(tr.scrollIntoView());
      return wrapped;
    }
    return wrapInList(type)(state, dispatch);
  };
}

/** The link around the caret (or covering the selection): its range and address. */
function linkAt(state: EditorState): { from: number; to: number; href: string } | null {
  const { $from, from, to } = state.selection;
  const type = schema.marks.link;
  const mark = type.isInSet($from.marks()) ?? type.isInSet($from.nodeAfter?.marks ?? []);
  if (!mark) return null;
  // Walk the parent's children to find the mark's continuous range around the selection.
  const parent = $from.parent;
  const start = $from.start();
  let rangeFrom = -1;
  let rangeTo = -1;
  let offset = 0;
  for (let index = 0; index < parent.childCount; index++) {
    const child = parent.child(index);
    const childFrom = start + offset;
    const childTo = childFrom + child.nodeSize;
    if (mark.isInSet(child.marks)) {
      if (rangeFrom === -1 || rangeTo !== childFrom) {
        if (rangeFrom !== -1 && rangeTo >= from) break;
        rangeFrom = childFrom;
      }
      rangeTo = childTo;
    } else if (rangeTo !== -1 && rangeTo >= to) break;
    else {
      rangeFrom = -1;
      rangeTo = -1;
    }
    offset += child.nodeSize;
  }
  if (rangeFrom === -1 || rangeFrom > from || rangeTo < to) return null;
  return { from: rangeFrom, to: rangeTo, href: mark.attrs.href as string };
}

export interface LinkDraft {
  /** The words the link shows. */
  label: string;
  /** Its address (empty for a new link). */
  href: string;
  from: number;
  to: number;
}

/** What the Link panel starts from: the link at the selection, or the selected words. */
export function linkDraft(state: EditorState): LinkDraft {
  const existing = linkAt(state);
  if (existing) {
    return { ...existing, label: state.doc.textBetween(existing.from, existing.to, ' ') };
  }
  let { from, to } = state.selection;
  // No selection: the word at the caret.
  if (from === to) {
    const { $from } = state.selection;
    const text = $from.parent.textBetween(0, $from.parent.content.size, undefined, '\ufffc');
    const at = $from.parentOffset;
    let start = at;
    let end = at;
    while (start > 0 && /[\p{L}\p{N}'’-]/u.test(text[start - 1] as string)) start--;
    while (end < text.length && /[\p{L}\p{N}'’-]/u.test(text[end] as string)) end++;
    from = $from.start() + start;
    to = $from.start() + end;
  }
  const label = state.doc.textBetween(from, to, ' ');
  // Spaces around the selected words stay outside the link.
  const lead = label.length - label.trimStart().length;
  const trail = label.length - label.trimEnd().length;
  return { label: label.trim(), href: '', from: from + lead, to: to - trail };
}

/** Puts a link over the draft's range with `label` as its words (the address shown when empty). */
export function applyLink(
  state: EditorState,
  draft: LinkDraft,
  label: string,
  href: string,
): EditorState['tr'] {
  const words = label.replace(/\s+/g, ' ').trim() || href.replace(/^(?:https?:\/\/|mailto:|tel:)/i, '');
  const mark = schema.marks.link.create({ href });
  const tr = state.tr;
  const current = state.doc.textBetween(draft.from, draft.to, ' ');
  if (current === words && draft.from !== draft.to) {
    tr.removeMark(draft.from, draft.to, schema.marks.link).addMark(draft.from, draft.to, mark);
  } else {
    // Keep the marks (bold…) of the replaced words, the link on top.
    const marks: readonly Mark[] =
      draft.from === draft.to ? state.selection.$from.marks() : state.doc.resolve(draft.from + 1).marks();
    tr.replaceWith(
      draft.from,
      draft.to,
      schema.text(words, mark.addToSet(schema.marks.link.removeFromSet(marks))),
    );
  }
  const end = draft.from + words.length;
  // The caret after the link, not in it: typing on does not grow the link.
  tr.setSelection(TextSelection.create(tr.doc, end)).setStoredMarks(
    schema.marks.link.removeFromSet(tr.doc.resolve(end).marks()),
  );
  return tr.scrollIntoView();
}

/** Takes the link off the draft's range, keeping its words. */
export function removeLink(state: EditorState, draft: LinkDraft): EditorState['tr'] {
  return state.tr.removeMark(draft.from, draft.to, schema.marks.link).scrollIntoView();
}

/** The words the open Link panel will link, marked in the text while the panel has the focus. */
const linking = new PluginKey<DecorationSet>('linking');

export function markLinking(tr: Transaction, range: { from: number; to: number } | null): Transaction {
  return tr.setMeta(linking, range);
}

const linkingMark = new Plugin<DecorationSet>({
  key: linking,
  state: {
    init: () => DecorationSet.empty,
    apply(tr, set) {
      const range = tr.getMeta(linking) as { from: number; to: number } | null | undefined;
      if (range === undefined) return set.map(tr.mapping, tr.doc);
      if (range === null || range.from >= range.to) return DecorationSet.empty;
      return DecorationSet.create(tr.doc, [
        Decoration.inline(range.from, range.to, { class: 'rich-text-linking' }),
      ]);
    },
  },
  props: {
    decorations: (state) => linking.getState(state),
  },
});

// ---- Typing Markdown -----------------------------------------------------------------------------

/** `**fed**` or `*kursiv*` typed: the words get the mark, the stars go. */
function markInputRule(pattern: RegExp, type: MarkType): InputRule {
  return new InputRule(pattern, (state, match, start, end) => {
    const [whole, words] = match as unknown as [string, string];
    if (!words || /^\s|\s$/.test(words)) return null;
    const from = start + whole.indexOf(words);
    const tr = state.tr.delete(from + words.length, end).delete(start, from);
    const to = start + words.length;
    tr.addMark(start, to, type.create()).removeStoredMark(type);
    return tr;
  });
}

const markdownTyping = inputRules({
  rules: [
    textblockTypeInputRule(/^(#{1,6})\s$/, schema.nodes.heading, (match) => ({
      level: (match[1] as string).length <= 2 ? 2 : 3,
    })),
    wrappingInputRule(/^\s*([-+*])\s$/, schema.nodes.bullet_list),
    wrappingInputRule(
      /^(\d{1,9})[.)]\s$/,
      schema.nodes.ordered_list,
      (match) => ({ start: Number(match[1]) }),
      (match, node) => node.childCount + (node.attrs.start as number) === Number(match[1]),
    ),
    wrappingInputRule(/^\s*>\s$/, schema.nodes.blockquote),
    markInputRule(/\*\*([^*]+)\*\*$/, schema.marks.strong),
    markInputRule(/(?:^|[^*])\*([^*]+)\*$/, schema.marks.em),
  ],
});

// ---- Keys ----------------------------------------------------------------------------------------

/** The command a key press asks for, by the key's place: Danish Shift+2 is `"`, Shift+8 is `(`. */
function shortcut(event: KeyboardEvent): FormatCommand | 'italic' | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (!event.shiftKey && (key === 'b' || event.code === 'KeyB')) return 'bold';
  if (!event.shiftKey && (key === 'i' || event.code === 'KeyI')) return 'italic';
  if (!event.shiftKey && (key === 'k' || event.code === 'KeyK')) return 'link';
  if (event.shiftKey && event.code === 'Digit2') return 'heading';
  if (event.shiftKey && event.code === 'Digit8') return 'bulletList';
  if (event.shiftKey && event.code === 'Digit7') return 'orderedList';
  return null;
}

export function runFormat(command: Exclude<FormatCommand, 'link'> | 'italic'): Command {
  switch (command) {
    case 'bold':
      return toggleBold;
    case 'italic':
      return toggleItalic;
    case 'heading':
      return toggleHeading;
    case 'bulletList':
      return toggleList(schema.nodes.bullet_list);
    case 'orderedList':
      return toggleList(schema.nodes.ordered_list);
  }
}

/** A line break inside the paragraph (Shift+Enter); a heading has none. */
const insertBreak: Command = (state, dispatch) => {
  if (!state.selection.$from.parent.type.contentMatch.matchType(schema.nodes.hard_break)) return false;
  dispatch?.(state.tr.replaceSelectionWith(schema.nodes.hard_break.create()).scrollIntoView());
  return true;
};

// ---- Paste ---------------------------------------------------------------------------------------

/**
 * Pasted HTML before the schema reads it: Word's list bullets and conditional comments, styles and
 * scripts go; the schema keeps paragraphs, headings, lists, quotes, bold, italic and safe links, and
 * drops the rest (tables and other blocks become paragraphs of their text; images, colours and fonts go).
 */
export function cleanPastedHtml(html: string): string {
  return (
    html
      .replace(/<!--\[if[\s\S]*?<!\[endif\]-->/gi, '')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<(style|script|title|meta|xml)\b[\s\S]*?<\/\1>/gi, '')
      .replace(/<span[^>]*mso-list:\s*Ignore[^>]*>[\s\S]*?<\/span>\s*<\/span>/gi, '')
      .replace(/<\/?o:p>/gi, '')
      // A table's rows become lines of their cells' words.
      .replace(/<\/?(?:table|thead|tbody|tfoot|colgroup|col|caption)\b[^>]*>/gi, '')
      .replace(/<tr\b[^>]*>/gi, '<p>')
      .replace(/<\/tr>/gi, '</p>')
      .replace(/<t[dh]\b[^>]*>/gi, '')
      .replace(/<\/t[dh]>/gi, ' ')
  );
}

/** Pasted plain text is read as page text: a pasted Markdown text keeps its formatting. */
export function pastedText(text: string): Slice {
  const doc = parseMarkdown(text.replace(/\r\n?/g, '\n'));
  return new Slice(doc.content, 1, 1);
}

// ---- All together --------------------------------------------------------------------------------

export function editorPlugins(openLink: () => void): Plugin[] {
  const formatKeys = new Plugin({
    props: {
      handleKeyDown(view, event) {
        const command = shortcut(event);
        if (!command) return false;
        event.preventDefault();
        if (command === 'link') openLink();
        else runFormat(command)(view.state, view.dispatch);
        return true;
      },
    },
  });
  return [
    markdownTyping,
    formatKeys,
    linkingMark,
    keymap({
      'Mod-z': undo,
      'Shift-Mod-z': redo,
      'Mod-y': redo,
      Backspace: undoInputRule,
      Enter: splitListItem(schema.nodes.list_item),
      'Shift-Enter': chainCommands(insertBreak),
      'Mod-Enter': chainCommands(insertBreak),
    }),
    keymap(baseKeymap),
    history(),
  ];
}
