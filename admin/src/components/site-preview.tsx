// The live preview (issue 27, 40): the company site's own HTML for a draft, rendered by the API with
// the site templates (POST /api/pages/{id}/preview, POST /api/company/preview), beside the form on
// wide screens and as a full-screen view the owner opens and closes on narrower ones, as a phone
// ("Mobil") or a desktop ("Computer": the whole page's width fitted to the box, or 100 % of life,
// scrolling sideways; issue 49: at 75 % a 1366 px laptop had to scroll and saw it cut off) would show it.
//
// Safe by construction: the HTML is owner input, so it is shown in an <iframe
// sandbox="allow-same-origin"> without allow-scripts — nothing in it runs (no scripts, no event
// handlers, no forms, no popups, no navigation of the admin) — under the site's own
// Content-Security-Policy as a <meta>, with its scripts, links, form targets and event attributes
// removed beforehand (preview-document.ts), and the frame itself taking no clicks or focus.
// allow-same-origin lets the admin read the inert page (the webmail pattern for HTML mail): its real
// height, and where the part just changed sits, to bring that into view. Never add allow-scripts:
// with both, the page could lift its own sandbox.
//
// The frame is as tall as its page and the admin's box scrolls, so the box keeps its place across
// updates. A new version loads in a hidden frame over the shown one and replaces it once loaded:
// no white box while the next page or draft renders, also after switching page (the last preview
// of the company is kept for the next editor that opens).
//
// Updates: ~150 ms after the draft stops changing one request goes out; a newer draft aborts the
// request still running, so only the latest draft is ever shown. A draft the API refuses shows the
// API's Danish message (the one a save would get) over the last preview that rendered.
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { PreviewJson } from '../../../contracts/preview';
import { MESSAGES } from '../../../rules/messages';
import { useCompany } from '../shell/company-context';
import { changedPart, elementAt, type PreparedPreview, prepare } from './preview-document';
import { useModalDialog } from './use-modal-dialog';

/** How long the draft must stay still before a preview is asked for. */
const PREVIEW_DEBOUNCE_MS = 150;
/** From this width the preview sits beside the form; below it opens full-screen. */
const WIDE_QUERY = '(min-width: 1200px)';
const FRAME_WIDTHS = { mobil: 390, computer: 1280 } as const;
type FrameWidth = keyof typeof FRAME_WIDTHS;
/** "Computer" fitted to the box ('fit', the default: no sideways scroll), or life size, scrolling. */
const ZOOMS = ['fit', 1] as const;
type Zoom = (typeof ZOOMS)[number];

/** A height the page fits in at `width`, until it has loaded and can be measured. */
function estimatedHeight(prepared: PreparedPreview, width: FrameWidth): number {
  const perChar = width === 'mobil' ? 0.95 : 0.3;
  const perItem = width === 'mobil' ? 90 : 45;
  const base = width === 'mobil' ? 1400 : 900;
  return Math.round(base + prepared.textLength * perChar + prepared.media * perItem);
}

function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

interface PreviewState {
  prepared: PreparedPreview | null;
  error: string | null;
  loading: boolean;
}

/**
 * Asks for a preview ~150 ms after `draftKey` last changed (at once the first time), aborting the one
 * still running; nothing while `enabled` is false.
 */
function usePreview(load: (signal: AbortSignal) => Promise<PreviewJson>, draftKey: string, enabled: boolean) {
  const [state, setState] = useState<PreviewState>({ prepared: null, error: null, loading: true });
  const loadRef = useRef(load);
  loadRef.current = load;
  const running = useRef<AbortController | null>(null);
  const first = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: draftKey is the signal to ask again.
  useEffect(() => {
    if (!enabled) return;
    const delay = first.current ? 0 : PREVIEW_DEBOUNCE_MS;
    first.current = false;
    const timer = window.setTimeout(() => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      setState((current) => ({ ...current, loading: true }));
      loadRef.current(controller.signal).then(
        (answer) => {
          if (controller.signal.aborted) return;
          setState({ prepared: prepare(answer), error: null, loading: false });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          const message = error instanceof Error ? error.message : MESSAGES.previewFailed;
          setState((current) => ({ ...current, error: message, loading: false }));
        },
      );
    }, delay);
    return () => window.clearTimeout(timer);
  }, [draftKey, enabled]);

  // Leaving the editor ends the request still running.
  useEffect(() => () => running.current?.abort(), []);
  return state;
}

/** One loaded or loading version of the page in its own frame. */
interface FrameEntry {
  id: number;
  prepared: PreparedPreview;
  /** Measured once loaded (at the width it was measured for), estimated before. */
  height: number;
  measuredFor: FrameWidth | null;
  loaded: boolean;
  /** Where to bring the box once shown: the changed part, the top (another page), or nowhere. */
  reveal: number[] | 'top' | null;
}

/** The last version shown per company and preview subject, for the next editor that opens. */
const lastShown = new Map<string, PreparedPreview>();
let nextFrameId = 1;

function measure(frame: HTMLIFrameElement | null): number | null {
  const doc = frame?.contentDocument;
  if (!doc?.documentElement) return null;
  return Math.ceil(doc.documentElement.getBoundingClientRect().height);
}

/**
 * The frames: the shown one, and over it (hidden) the newest version while it loads. Once loaded the
 * newest is measured, shown, and the box brought to the part that changed.
 */
function PreviewFrames({
  prepared,
  cacheKey,
  subject,
  width,
  scale,
  box,
}: {
  prepared: PreparedPreview | null;
  cacheKey: string;
  subject: string;
  width: FrameWidth;
  scale: number;
  box: RefObject<HTMLDivElement | null>;
}) {
  const [frames, setFrames] = useState<FrameEntry[]>(() => {
    const kept = lastShown.get(cacheKey);
    return kept
      ? [
          {
            id: nextFrameId++,
            prepared: kept,
            height: estimatedHeight(kept, width),
            measuredFor: null,
            loaded: true,
            reveal: null,
          },
        ]
      : [];
  });
  const elements = useRef(new Map<number, HTMLIFrameElement>());
  const ownFirst = useRef(true);

  // A new version: loads over the shown one.
  useEffect(() => {
    if (!prepared) return;
    setFrames((current) => {
      const shown = current.filter((entry) => entry.loaded).at(-1);
      if (shown?.prepared === prepared || current.at(-1)?.prepared === prepared) return current;
      // This editor's first version goes to the top (another page); later ones to what changed.
      const reveal = ownFirst.current ? 'top' : shown ? changedPart(shown.prepared, prepared) : null;
      ownFirst.current = false;
      const entry: FrameEntry = {
        id: nextFrameId++,
        prepared,
        height: shown?.height ?? estimatedHeight(prepared, width),
        measuredFor: null,
        loaded: false,
        reveal,
      };
      return [...(shown ? [shown] : []), entry];
    });
  }, [prepared, width]);

  const bringIntoView = useCallback(
    (frame: HTMLIFrameElement, reveal: FrameEntry['reveal']) => {
      const view = box.current;
      if (!view || reveal === null) return;
      if (reveal === 'top') {
        view.scrollTo({ top: 0, left: 0 });
        return;
      }
      const body = frame.contentDocument?.body;
      if (!body) return;
      let target: Element | null = elementAt(body, reveal);
      // A hidden element has no box: its nearest shown ancestor stands for it.
      while (target && target !== body && target.getBoundingClientRect().height === 0) {
        target = target.parentElement;
      }
      if (!target) return;
      const rect = target.getBoundingClientRect();
      const top = rect.top * scale;
      const bottom = rect.bottom * scale;
      const left = rect.left * scale;
      const shownTop = view.scrollTop;
      const shownBottom = shownTop + view.clientHeight;
      // Already in view (typing in a heading that shows): stay, so the page does not jump.
      const verticalOk = top >= shownTop && Math.min(bottom, top + view.clientHeight * 0.6) <= shownBottom;
      const horizontalOk = left >= view.scrollLeft && left < view.scrollLeft + view.clientWidth - 40;
      view.scrollTo({
        top: verticalOk ? shownTop : Math.max(0, top - view.clientHeight / 4),
        left: horizontalOk ? view.scrollLeft : Math.max(0, left - 16),
      });
    },
    [box, scale],
  );

  const loaded = (entry: FrameEntry) => {
    const frame = elements.current.get(entry.id) ?? null;
    const height = measure(frame) ?? entry.height;
    lastShown.set(cacheKey, entry.prepared);
    setFrames((current) =>
      current.some((candidate) => candidate.id === entry.id)
        ? [{ ...entry, height, measuredFor: width, loaded: true }]
        : current,
    );
    // The box is brought to the change once the new frame is shown at its real height.
    requestAnimationFrame(() => {
      if (frame) bringIntoView(frame, entry.reveal);
    });
  };

  // Another width lays the same page out again: measure it anew.
  useLayoutEffect(() => {
    const shown = frames.filter((entry) => entry.loaded).at(-1);
    if (!shown || shown.measuredFor === width) return;
    const height = measure(elements.current.get(shown.id) ?? null);
    if (height === null) return;
    setFrames((current) =>
      current.map((entry) => (entry.id === shown.id ? { ...entry, height, measuredFor: width } : entry)),
    );
  }, [frames, width]);

  const frameWidth = FRAME_WIDTHS[width];
  const shown = frames.filter((entry) => entry.loaded).at(-1);
  const stageHeight = (shown ?? frames.at(-1))?.height ?? 0;
  if (frames.length === 0) return null;
  return (
    <div className="site-preview-stage" style={{ width: frameWidth * scale, height: stageHeight * scale }}>
      {frames.map((entry) => {
        const visible = entry === shown;
        return (
          <iframe
            key={entry.id}
            ref={(element) => {
              if (element) elements.current.set(entry.id, element);
              else elements.current.delete(entry.id);
            }}
            title={`Forhåndsvisning af ${subject}`}
            // Inert and readable by the admin; never allow-scripts (see the header).
            sandbox="allow-same-origin"
            referrerPolicy="no-referrer"
            srcDoc={entry.prepared.srcdoc}
            tabIndex={-1}
            aria-hidden={visible ? undefined : true}
            data-state={visible ? 'shown' : 'loading'}
            className={visible ? undefined : 'site-preview-next'}
            onLoad={() => loaded(entry)}
            style={{ width: frameWidth, height: entry.height, transform: `scale(${scale})` }}
          />
        );
      })}
    </div>
  );
}

export interface SitePreviewProps {
  /** Asks the API for the preview of the current draft. */
  load(signal: AbortSignal): Promise<PreviewJson>;
  /** Changes whenever the draft does (e.g. the JSON of the body `load` sends). */
  draftKey: string;
  /** What is previewed, for the frame's title: "siden", "forsiden". */
  subject: string;
}

/** Beside its parent's other children on wide screens (a column of its own, see admin.css). */
export function SitePreview({ load, draftKey, subject }: SitePreviewProps) {
  const { company } = useCompany();
  const wide = useMediaQuery(WIDE_QUERY);
  const [open, setOpen] = useState(false);
  // A phone shows the phone's view first; a wide screen the desktop's.
  const [width, setWidth] = useState<FrameWidth>(() =>
    window.matchMedia(WIDE_QUERY).matches ? 'computer' : 'mobil',
  );
  const [zoom, setZoom] = useState<Zoom>('fit');
  const shown = wide || open;
  const state = usePreview(load, draftKey, shown);
  const viewport = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(0);
  const close = useCallback(() => setOpen(false), []);
  const dialog = useModalDialog(!wide && open, close);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the box exists only while shown.
  useEffect(() => {
    const box = viewport.current;
    if (!box) return;
    const observer = new ResizeObserver(() => setAvailable(box.clientWidth));
    observer.observe(box);
    setAvailable(box.clientWidth);
    return () => observer.disconnect();
  }, [shown, wide]);

  const frameWidth = FRAME_WIDTHS[width];
  // A phone's page fits the box; the desktop's page at the chosen zoom (sideways scroll beyond).
  const fit = available > 0 ? Math.min(1, available / frameWidth) : 1;
  const scale = width === 'computer' && zoom !== 'fit' ? zoom : fit;

  const controls = (
    <div className="site-preview-controls">
      <fieldset className="site-preview-widths">
        <legend className="visually-hidden">Vis som</legend>
        {(['mobil', 'computer'] as const).map((option) => (
          <label key={option} className={option === width ? 'segment segment-active' : 'segment'}>
            <input
              type="radio"
              name="site-preview-width"
              value={option}
              checked={option === width}
              onChange={() => setWidth(option)}
            />
            {option === 'mobil' ? 'Mobil' : 'Computer'}
          </label>
        ))}
      </fieldset>
      {width === 'computer' ? (
        <fieldset className="site-preview-widths">
          <legend className="visually-hidden">Zoom</legend>
          {ZOOMS.map((option) => (
            <label key={option} className={option === zoom ? 'segment segment-active' : 'segment'}>
              <input
                type="radio"
                name="site-preview-zoom"
                value={option}
                checked={option === zoom}
                onChange={() => setZoom(option)}
              />
              {option === 'fit' ? 'Hele siden' : `${option * 100} %`}
            </label>
          ))}
        </fieldset>
      ) : null}
    </div>
  );

  const body = shown ? (
    <>
      <p className="site-preview-status" role="status">
        {state.loading ? 'Opdaterer…' : ''}
      </p>
      {state.error ? (
        <p className="form-error site-preview-error" role="alert">
          {state.error}
        </p>
      ) : null}
      {scale * frameWidth > available + 1 ? (
        <p className="field-hint site-preview-hint">Rul sidelæns for at se hele siden.</p>
      ) : null}
      {/* Scrolls sideways on purpose at "Computer" (the hint above is the cue). A region in the tab
          order, so a keyboard can scroll it too (the frame itself is inert: no scripts, not focusable). */}
      <section
        className="site-preview-viewport"
        ref={viewport}
        data-testid="site-preview-viewport"
        data-scroll-cue
        aria-label={`Forhåndsvisning af ${subject}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keyboard (WCAG 2.1.1)
        tabIndex={0}
      >
        <PreviewFrames
          prepared={state.prepared}
          cacheKey={`${company.cvr}|${subject}`}
          subject={subject}
          width={width}
          scale={scale}
          box={viewport}
        />
      </section>
    </>
  ) : null;

  if (wide) {
    return (
      <section className="site-preview site-preview-beside" aria-labelledby="site-preview-title">
        <div className="site-preview-head">
          <h3 id="site-preview-title" className="site-preview-title">
            Forhåndsvisning
          </h3>
          {controls}
        </div>
        {body}
      </section>
    );
  }
  return (
    <section className="site-preview site-preview-beside" aria-label="Forhåndsvisning">
      <button
        type="button"
        className="button button-secondary site-preview-open"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Vis forhåndsvisning
      </button>
      <dialog ref={dialog} className="site-preview-dialog" aria-labelledby="site-preview-title">
        <div className="site-preview-head">
          <h3 id="site-preview-title" className="site-preview-title">
            Forhåndsvisning
          </h3>
          <button type="button" className="button button-ghost" onClick={close}>
            Luk
          </button>
          {controls}
        </div>
        {body}
      </dialog>
    </section>
  );
}
