// The live preview (issue 27): the company site's own HTML for a draft, rendered by the API with the
// site templates (POST /api/pages/{id}/preview, POST /api/company/preview), shown beside the form on
// wide screens and behind "Vis forhåndsvisning" on phones, as a phone ("Mobil") or a desktop
// ("Computer") would show it.
//
// Safe by construction: the HTML is owner input, so it is shown in an <iframe sandbox=""> (an
// opaque origin: no access to the admin, its cookies or its DOM; no scripts, no forms, no popups),
// under the site's own Content-Security-Policy as a <meta> (scripts refused outright), with its
// scripts removed (they could not run; removed, they log no blocked-script errors), its links and
// forms without targets and the frame itself taking no clicks or focus. The frame cannot be asked
// where it is scrolled (no same-origin, no scripts), so it is made as tall as its page and the
// admin's own box scrolls: the box, not the frame, keeps the scroll position across updates.
//
// Updates: ~300 ms after the draft stops changing one request goes out; a newer draft aborts the
// request still running, so only the latest draft is ever shown. A draft the API refuses shows the
// API's Danish message (the one a save would get) over the last preview that rendered.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { PreviewJson } from '../../../contracts/preview';
import { MESSAGES } from '../../../rules/messages';

/** How long the draft must stay still before a preview is asked for. */
const PREVIEW_DEBOUNCE_MS = 300;
/** From this width the preview sits beside the form and needs no toggle. */
const WIDE_QUERY = '(min-width: 1200px)';
const FRAME_WIDTHS = { mobil: 390, computer: 1280 } as const;
type FrameWidth = keyof typeof FRAME_WIDTHS;

// The frame is as tall as its page (see above), so nothing in it may depend on the frame's height:
// the page ends where its content does (the grey below is no part of it), and the phone's call bar,
// fixed to the bottom of the screen on the site, sits at the end of the page instead.
const PREVIEW_CSS =
  'html{background:#e7e5e4;scroll-behavior:auto}body{min-height:0!important;background:#fff}' +
  '.call-bar{position:static!important}';

interface PreparedPreview {
  srcdoc: string;
  /** Rough measures for the frame's height. */
  textLength: number;
  media: number;
}

/** The API's HTML made into the frame's document (parsed inert by DOMParser, never run here). */
function prepare(preview: PreviewJson): PreparedPreview {
  const doc = new DOMParser().parseFromString(preview.html, 'text/html');
  for (const script of doc.querySelectorAll('script, noscript, iframe, object, embed')) script.remove();
  for (const link of doc.querySelectorAll('[href]')) {
    if (link.tagName !== 'LINK') link.removeAttribute('href');
  }
  for (const form of doc.querySelectorAll('form')) form.removeAttribute('action');
  for (const target of doc.querySelectorAll('[formaction]')) target.removeAttribute('formaction');
  const policy = doc.createElement('meta');
  policy.httpEquiv = 'Content-Security-Policy';
  policy.content = preview.contentSecurityPolicy;
  doc.head.prepend(policy);
  const style = doc.createElement('style');
  style.textContent = PREVIEW_CSS;
  doc.head.append(style);
  return {
    srcdoc: `<!DOCTYPE html>${doc.documentElement.outerHTML}`,
    textLength: (doc.body.textContent ?? '').replace(/\s+/g, ' ').length,
    media: doc.querySelectorAll('img, svg, table, li').length,
  };
}

/** A height the page fits in at `width` (too tall only adds grey below the page's end). */
function frameHeight(prepared: PreparedPreview, width: FrameWidth): number {
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

type PreviewState =
  | { status: 'waiting' }
  | { status: 'shown'; prepared: PreparedPreview | null; error: string | null; loading: boolean };

/**
 * Asks for a preview ~300 ms after `draftKey` last changed (at once the first time), aborting the one
 * still running; nothing while `enabled` is false.
 */
function usePreview(load: (signal: AbortSignal) => Promise<PreviewJson>, draftKey: string, enabled: boolean) {
  const [state, setState] = useState<PreviewState>({ status: 'waiting' });
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
      setState((current) => (current.status === 'shown' ? { ...current, loading: true } : current));
      loadRef.current(controller.signal).then(
        (answer) => {
          if (controller.signal.aborted) return;
          setState({ status: 'shown', prepared: prepare(answer), error: null, loading: false });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          const message = error instanceof Error ? error.message : MESSAGES.previewFailed;
          setState((current) =>
            current.status === 'shown'
              ? { ...current, error: message, loading: false }
              : { status: 'shown', prepared: null, error: message, loading: false },
          );
        },
      );
    }, delay);
    return () => window.clearTimeout(timer);
  }, [draftKey, enabled]);

  // Leaving the editor ends the request still running.
  useEffect(() => () => running.current?.abort(), []);
  return state;
}

interface SitePreviewProps {
  /** Asks the API for the preview of the current draft. */
  load(signal: AbortSignal): Promise<PreviewJson>;
  /** Changes whenever the draft does (e.g. the JSON of the body `load` sends). */
  draftKey: string;
  /** What is previewed, for the frame's title: "siden", "forsiden". */
  subject: string;
}

/** Beside its parent's other children on wide screens (a column of its own, see admin.css). */
export function SitePreview({ load, draftKey, subject }: SitePreviewProps) {
  const wide = useMediaQuery(WIDE_QUERY);
  const [open, setOpen] = useState(false);
  // A phone shows the phone's view first; a wide screen the desktop's.
  const [width, setWidth] = useState<FrameWidth>(() =>
    window.matchMedia(WIDE_QUERY).matches ? 'computer' : 'mobil',
  );
  const shown = wide || open;
  const state = usePreview(load, draftKey, shown);
  const viewport = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the box exists only while shown.
  useEffect(() => {
    const box = viewport.current;
    if (!box) return;
    const observer = new ResizeObserver(() => setAvailable(box.clientWidth));
    observer.observe(box);
    setAvailable(box.clientWidth);
    return () => observer.disconnect();
  }, [shown]);

  const frameWidth = FRAME_WIDTHS[width];
  const scale = available > 0 ? Math.min(1, available / frameWidth) : 1;
  const prepared = state.status === 'shown' ? state.prepared : null;
  const height = useMemo(() => (prepared ? frameHeight(prepared, width) : 0), [prepared, width]);

  return (
    <section className="site-preview site-preview-beside" aria-labelledby="site-preview-title">
      <div className="site-preview-head">
        <h3 id="site-preview-title" className={wide ? 'site-preview-title' : 'visually-hidden'}>
          Forhåndsvisning
        </h3>
        {wide ? null : (
          <button
            type="button"
            className="button button-secondary"
            aria-expanded={open}
            onClick={() => setOpen((current) => !current)}
          >
            {open ? 'Skjul forhåndsvisning' : 'Vis forhåndsvisning'}
          </button>
        )}
        {shown ? (
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
        ) : null}
      </div>
      {shown ? (
        <>
          <p className="site-preview-status" role="status">
            {state.status === 'waiting' || (state.status === 'shown' && state.loading) ? 'Opdaterer…' : ''}
          </p>
          {state.status === 'shown' && state.error ? (
            <p className="form-error site-preview-error" role="alert">
              {state.error}
            </p>
          ) : null}
          <div className="site-preview-viewport" ref={viewport} data-testid="site-preview-viewport">
            {prepared ? (
              <div
                className="site-preview-stage"
                style={{ width: frameWidth * scale, height: height * scale }}
              >
                <iframe
                  title={`Forhåndsvisning af ${subject}`}
                  sandbox=""
                  referrerPolicy="no-referrer"
                  srcDoc={prepared.srcdoc}
                  tabIndex={-1}
                  style={{ width: frameWidth, height, transform: `scale(${scale})` }}
                />
              </div>
            ) : null}
          </div>
        </>
      ) : null}
    </section>
  );
}
