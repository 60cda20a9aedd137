// One page in the editor (the spec's Screens Pages editor): the tabs Indhold, Billeder (not for the gallery
// layout), Layout and Google (the spec's SEO tab, in plain Danish: issue 49) over one draft; 'Gem ændringer' checks the draft with the API's schema and
// saves it; the page is then re-read from the list. Delete asks first; the homepage has no delete.
// The name in the menu and the page's address are two fields (issue 49): a new name keeps the
// address, a new address is typed on purpose and its old one then sends visitors on (a 301).
// "Historik" below lists the page's versions and restores one. Unsaved changes are marked, asked
// about before they are left, and kept in this browser until saved (issue 40: use-kept-draft.ts).
import { type FormEvent, useState } from 'react';
import type { GeneratedText } from '../../../../contracts/ai';
import { pageUpdateSchema } from '../../../../contracts/pages';
import { MAX_IMAGES } from '../../../../rules/images';
import { pageTargets } from '../../../../rules/link-address';
import { MESSAGES } from '../../../../rules/messages';
import {
  META_DESCRIPTION_HINT,
  META_DESCRIPTION_MAX,
  META_TITLE_HINT,
  META_TITLE_MAX,
} from '../../../../rules/meta';
import { PAGE_MESSAGES } from '../../../../rules/page-messages';
import { EDITABLE_LAYOUTS, type EditableLayout } from '../../../../rules/pages';
import { slugify } from '../../../../rules/slug';
import type { Page } from '../../api/types';
import { useResource } from '../../api/use-resource';
import { useSession } from '../../auth/auth-context';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Field } from '../../components/field';
import { type FieldErrors, validate } from '../../components/form-errors';
import { SaveBar } from '../../components/save-bar';
import { Tabs } from '../../components/tabs';
import { useUnsavedChanges } from '../../components/unsaved-changes';
import { type SaveState, useSaveState } from '../../components/use-save-state';
import { useCompany } from '../../shell/company-context';
import { loadImages } from '../images/images-api';
import { AiGenerator } from './ai-generator';
import { GalleryEditor } from './gallery-editor';
import { ImageChoice } from './image-choice';
import { KeptDraftOffer } from './kept-draft-offer';
import {
  draftFrom,
  hasChanges,
  type PageDraft,
  pageUrl,
  updateFrom,
  withGeneratedText,
  withPageName,
} from './page-draft';
import { PageHistory } from './page-history';
import { PagePreview } from './page-preview';
import { PageTextField } from './page-text-field';
import { deletePage, savePage } from './pages-api';
import { useKeptDraft } from './use-kept-draft';

type TabKey = 'indhold' | 'billeder' | 'layout' | 'seo';

const LAYOUTS: Record<EditableLayout, { label: string; text: string }> = {
  hero: { label: 'Stort billede øverst', text: 'Stor overskrift over et baggrundsbillede, med undertitel.' },
  text: { label: 'Tekst', text: 'Overskrift og tekst – enkelt og let at læse.' },
  'text-image': { label: 'Tekst og billede', text: 'Tekst med et billede ved siden af.' },
  gallery: { label: 'Galleri', text: 'Billeder af dit arbejde med titel og beskrivelse.' },
};

interface PageEditorProps {
  page: Page;
  /** The site's pages, for the text's Link panel. */
  pages: readonly Page[];
  /** After a save or a restore: the page as the API stored and answered it, for the list. */
  onSaved(page: Page): void;
  onDeleted(id: string): void;
}

/** The page on the site as it is saved (the homepage at the site's root), for "Se siden". */
function sitePageUrl(siteUrl: string, page: Page): string {
  const root = siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`;
  return page.type === 'homepage' ? root : `${root}${page.slug}`;
}

export function PageEditor({ page, pages, onSaved, onDeleted }: PageEditorProps) {
  const [draft, setDraft] = useState<PageDraft>(() => draftFrom(page));
  const [tab, setTab] = useState<TabKey>('indhold');
  const [errors, setErrors] = useState<FieldErrors>({});
  const { state, run, clear } = useSaveState();
  const images = useResource(loadImages);
  const canUpload = images.data !== null && images.data.images.length < MAX_IMAGES;
  const upload = canUpload ? { onUploaded: () => void images.reload() } : undefined;
  const dirty = hasChanges(draft, page);
  const kept = useKeptDraft(useCompany().company.cvr, page, draft, dirty);
  const { siteUrl } = useSession();
  // Once the owner types an address, a new name no longer changes it (page-draft.ts withPageName).
  const [addressTyped, setAddressTyped] = useState(false);
  const isHome = page.type === 'homepage';

  // An edit makes "Ændringer gemt!" untrue of the form: it goes at once.
  const set: DraftSetter =
    <K extends keyof PageDraft>(key: K) =>
    (value: PageDraft[K]) => {
      clear();
      setDraft((current) => ({ ...current, [key]: value }));
    };
  const gallery = draft.layout === 'gallery';
  const tabs = [
    { key: 'indhold', label: 'Indhold' },
    ...(gallery ? [] : [{ key: 'billeder', label: 'Billeder' } as const]),
    { key: 'layout', label: 'Layout' },
    { key: 'seo', label: 'Google' },
  ] as const;
  const shownTab: TabKey = gallery && tab === 'billeder' ? 'indhold' : tab;

  /** "Gem ændringer", also when the leave question's "Gem" asks; false when refused. */
  const save = async (): Promise<boolean> => {
    const update = updateFrom(draft, page);
    const checked = validate(pageUpdateSchema, update);
    // Another page's address is refused by the API too; said here beside the field, before sending.
    const taken = !isHome && pages.some((other) => other.id !== page.id && other.slug === draft.slug.trim());
    if (!checked.ok || taken) {
      const fieldErrors = checked.ok ? {} : checked.errors;
      setErrors(taken ? { ...fieldErrors, slug: PAGE_MESSAGES.slugTaken } : fieldErrors);
      clear();
      const first = Object.keys(fieldErrors)[0] ?? '';
      setTab(first.startsWith('meta') ? 'seo' : 'indhold');
      return false;
    }
    setErrors({});
    return run(async () => {
      const saved = await savePage(page.id, update);
      kept.clear();
      onSaved(saved);
      // The draft becomes what was stored (values are trimmed).
      setDraft(draftFrom(saved));
      setAddressTyped(false);
    });
  };
  const unsaved = useUnsavedChanges({
    dirty,
    save,
    discard: () => {
      kept.clear();
      setDraft(draftFrom(page));
      setAddressTyped(false);
      setErrors({});
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await save();
  };

  return (
    <form className="page-editor" onSubmit={(event) => void submit(event)} noValidate>
      <div className="page-editor-head">
        <h2>{page.pageName}</h2>
        <span className="field-hint">{pageUrl(siteUrl, isHome ? '' : page.slug)}</span>
      </div>
      <KeptDraftOffer
        offer={kept.offer}
        onAccept={() => {
          const draft = kept.accept();
          // A draft kept before pages had an address field has none: the page's own.
          if (draft) setDraft({ ...draft, slug: draft.slug ?? page.slug });
        }}
        onDecline={kept.decline}
      />
      <PagePreview page={page} draft={draft} />
      <Tabs label="Redigér side" tabs={tabs} selected={shownTab} onSelect={(key) => setTab(key as TabKey)}>
        {shownTab === 'indhold' ? (
          <ContentTab
            page={page}
            pages={pages}
            draft={draft}
            errors={errors}
            siteUrl={siteUrl}
            set={set}
            onName={(name) => {
              clear();
              setDraft((current) => withPageName(current, page, name, addressTyped));
            }}
            onAddress={(slug) => {
              setAddressTyped(true);
              // A refusal was about the address as it was: it goes with the edit.
              setErrors(({ slug: _refused, ...rest }) => rest);
              set('slug')(slug);
            }}
            onGenerated={(text) => setDraft((current) => withGeneratedText(current, text))}
          />
        ) : null}
        {shownTab === 'billeder' ? (
          <ImagesTab
            draft={draft}
            errors={errors}
            set={set}
            upload={upload}
            archiveFull={images.data !== null && !canUpload}
          />
        ) : null}
        {shownTab === 'layout' ? <LayoutTab draft={draft} set={set} /> : null}
        {shownTab === 'seo' ? <SeoTab draft={draft} errors={errors} set={set} /> : null}
      </Tabs>
      <PageEditorFoot
        page={page}
        state={state}
        dirty={dirty}
        viewHref={sitePageUrl(siteUrl, page)}
        // The page is gone, and its unsaved changes with it: leaving it asks nothing.
        onDeleted={() => {
          kept.clear();
          unsaved.forget();
          onDeleted(page.id);
        }}
      />
      <PageHistory
        pageId={page.id}
        savedAt={page.updatedAt}
        onRestored={async (restored) => {
          onSaved(restored);
          setDraft(draftFrom(restored));
        }}
      />
    </form>
  );
}

/** `set('title')(value)`: one field of the draft changed. */
type DraftSetter = <K extends keyof PageDraft>(key: K) => (value: PageDraft[K]) => void;

/** "Slet side": asked first in a dialog; `onGone` runs once the API has deleted the page. */
function usePageDelete(pageId: string, onGone: () => void) {
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setDeleting(true);
    setError(null);
    try {
      await deletePage(pageId);
      setConfirming(false);
      onGone();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : MESSAGES.pageDeleteFailed);
    } finally {
      setDeleting(false);
    }
  };
  return { confirming, setConfirming, deleting, error, confirm };
}

/** Under the tabs: "Gem ændringer" with "Se siden", and "Slet side" with its question. */
function PageEditorFoot({
  page,
  state,
  dirty,
  viewHref,
  onDeleted,
}: {
  page: Page;
  state: SaveState;
  dirty: boolean;
  viewHref: string;
  onDeleted(): void;
}) {
  const removal = usePageDelete(page.id, onDeleted);
  return (
    <>
      <div className="page-editor-foot">
        <SaveBar state={state} dirty={dirty} viewHref={viewHref} />
        {page.type === 'homepage' ? (
          <p className="field-hint">{MESSAGES.homepageNotDeletable}</p>
        ) : (
          <button type="button" className="button button-danger" onClick={() => removal.setConfirming(true)}>
            Slet side
          </button>
        )}
      </div>
      <ConfirmDialog
        open={removal.confirming}
        title="Slet side"
        message={MESSAGES.deletePageConfirm}
        confirmLabel="Slet side"
        busyLabel="Sletter..."
        busy={removal.deleting}
        error={removal.error}
        onConfirm={() => void removal.confirm()}
        onCancel={() => removal.setConfirming(false)}
      />
    </>
  );
}

/** Indhold: the name in the menu, the address, and the page's words (or its gallery). */
function ContentTab({
  page,
  pages,
  draft,
  errors,
  siteUrl,
  set,
  onName,
  onAddress,
  onGenerated,
}: {
  page: Page;
  pages: readonly Page[];
  draft: PageDraft;
  errors: FieldErrors;
  siteUrl: string;
  set: DraftSetter;
  onName(name: string): void;
  onAddress(slug: string): void;
  onGenerated(text: GeneratedText): void;
}) {
  const isHome = page.type === 'homepage';
  const gallery = draft.layout === 'gallery';
  return (
    <>
      <Field
        label={isHome ? 'Navn' : 'Navn i menuen'}
        value={draft.pageName}
        onChange={onName}
        error={errors.pageName}
        hint={
          isHome
            ? 'Forsiden er altid det første, man ser. Navnet ses kun her i Sider.'
            : 'Sådan står siden i hjemmesidens menu. Adressen ændres ikke af navnet.'
        }
      />
      {isHome ? null : (
        <PageAddressField
          siteUrl={siteUrl}
          saved={page.slug}
          value={draft.slug}
          suggestion={slugify(draft.pageName)}
          error={errors.slug}
          onChange={onAddress}
        />
      )}
      {gallery ? (
        <GalleryEditor items={draft.gallery} onChange={set('gallery')} errors={errors} />
      ) : (
        <>
          <Field label="Overskrift" value={draft.title} onChange={set('title')} error={errors.title} />
          {draft.layout === 'hero' ? (
            <Field
              label="Undertitel"
              value={draft.subtitle}
              onChange={set('subtitle')}
              error={errors.subtitle}
            />
          ) : null}
          <PageTextField
            label="Tekst"
            rows={10}
            value={draft.content}
            onChange={set('content')}
            pages={pageTargets(pages)}
            error={errors.content}
            hint="Markér tekst, og formatér den med knapperne. Enter giver et nyt afsnit, Skift+Enter en ny linje."
          />
          <AiGenerator pageType={page.type} onGenerated={onGenerated} />
        </>
      )}
    </>
  );
}

/** Billeder: the big picture at the top (hero layout) and the picture beside the text. */
function ImagesTab({
  draft,
  errors,
  set,
  upload,
  archiveFull,
}: {
  draft: PageDraft;
  errors: FieldErrors;
  set: DraftSetter;
  /** Undefined while the archive is full (or not yet read): no "Upload" then. */
  upload: { onUploaded(): void } | undefined;
  archiveFull: boolean;
}) {
  return (
    <>
      {draft.layout === 'hero' ? (
        <ImageChoice
          label="Stort billede øverst"
          value={draft.heroBackgroundImage}
          onChange={set('heroBackgroundImage')}
          upload={upload}
        />
      ) : null}
      <ImageChoice label="Billede ved teksten" value={draft.image} onChange={set('image')} upload={upload} />
      {archiveFull ? <p className="field-hint">{MESSAGES.archiveFull}</p> : null}
      {errors.image || errors.heroBackgroundImage ? (
        <p className="form-error">{errors.image ?? errors.heroBackgroundImage}</p>
      ) : null}
    </>
  );
}

/** Layout: one card per layout, with its sketch. */
function LayoutTab({ draft, set }: { draft: PageDraft; set: DraftSetter }) {
  return (
    <fieldset className="layout-cards">
      <legend className="field-label">Vælg layout</legend>
      {EDITABLE_LAYOUTS.map((layout) => (
        <label key={layout} className="choice layout-card">
          <input
            type="radio"
            name="layout"
            value={layout}
            checked={layout === draft.layout}
            onChange={() => set('layout')(layout)}
          />
          <span className={`layout-sketch layout-sketch-${layout}`} aria-hidden="true" />
          <strong>{LAYOUTS[layout].label}</strong>
          <span className="field-hint">{LAYOUTS[layout].text}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Google (the spec's SEO tab): the title and text Google shows, counted against their limits. */
function SeoTab({ draft, errors, set }: { draft: PageDraft; errors: FieldErrors; set: DraftSetter }) {
  return (
    <>
      <Field
        label="Titel i Google"
        value={draft.metaTitle}
        onChange={set('metaTitle')}
        maxLength={META_TITLE_MAX}
        hint={<Counted hint={META_TITLE_HINT} length={draft.metaTitle.length} max={META_TITLE_MAX} />}
        error={errors.metaTitle}
      />
      <Field
        label="Tekst i Google"
        rows={3}
        value={draft.metaDescription}
        onChange={set('metaDescription')}
        maxLength={META_DESCRIPTION_MAX}
        hint={
          <Counted
            hint={META_DESCRIPTION_HINT}
            length={draft.metaDescription.length}
            max={META_DESCRIPTION_MAX}
          />
        }
        error={errors.metaDescription}
      />
    </>
  );
}

/**
 * The page's address: the part after the site's address, with the whole address shown as it will be.
 * A changed address says that old links keep working; a name whose address differs offers it.
 */
function PageAddressField(props: {
  siteUrl: string;
  saved: string;
  value: string;
  suggestion: string;
  error: string | undefined;
  onChange(slug: string): void;
}) {
  const typed = props.value.trim();
  // Offered while the owner is not typing an address of their own.
  const offer =
    props.suggestion !== '' && props.suggestion !== typed && typed === props.saved ? props.suggestion : null;
  return (
    <div className="page-address">
      <Field
        label="Sidens adresse"
        value={props.value}
        onChange={props.onChange}
        error={props.error}
        autoComplete="off"
        hint={
          <>
            <span className="page-address-url">{pageUrl(props.siteUrl, typed)}</span>
            {typed !== props.saved ? (
              <> Når du gemmer, sendes links til {pageUrl(props.siteUrl, props.saved)} videre hertil.</>
            ) : (
              <> Ændr kun adressen, hvis siden skal ligge et andet sted. Gamle links sendes videre.</>
            )}
          </>
        }
      />
      {offer ? (
        <button
          type="button"
          className="button button-ghost page-address-offer"
          onClick={() => props.onChange(offer)}
        >
          Brug adressen {offer}
        </button>
      ) : null}
    </div>
  );
}

function Counted({ hint, length, max }: { hint: string; length: number; max: number }) {
  return (
    <>
      {hint}{' '}
      <span className="meta-count">
        ({length}/{max})
      </span>
    </>
  );
}
