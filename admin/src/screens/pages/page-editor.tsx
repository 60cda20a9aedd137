// One page in the editor (SPEC §2 Pages editor): the tabs Indhold, Billeder (not for the gallery
// layout), Layout and SEO over one draft; 'Gem ændringer' checks the draft with the API's schema and
// saves it; the page is then re-read from the list. Delete asks first; the homepage has no delete.
// "Historik" below lists the page's versions and restores one. Unsaved changes are marked, asked
// about before they are left, and kept in this browser until saved (issue 40: use-kept-draft.ts).
import { type FormEvent, useState } from 'react';
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
import { EDITABLE_LAYOUTS, type EditableLayout } from '../../../../rules/pages';
import type { Page } from '../../api/types';
import { useResource } from '../../api/use-resource';
import { useSession } from '../../auth/auth-context';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Field } from '../../components/field';
import { type FieldErrors, validate } from '../../components/form-errors';
import { SaveBar } from '../../components/save-bar';
import { Tabs } from '../../components/tabs';
import { useUnsavedChanges } from '../../components/unsaved-changes';
import { useSaveState } from '../../components/use-save-state';
import { useCompany } from '../../shell/company-context';
import { loadImages } from '../images/images-api';
import { AiGenerator } from './ai-generator';
import { GalleryEditor } from './gallery-editor';
import { ImageChoice } from './image-choice';
import { KeptDraftOffer } from './kept-draft-offer';
import { draftFrom, hasChanges, type PageDraft, updateFrom, withGeneratedText } from './page-draft';
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
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const images = useResource(loadImages);
  const canUpload = images.data !== null && images.data.images.length < MAX_IMAGES;
  const upload = canUpload ? { onUploaded: () => void images.reload() } : undefined;
  const dirty = hasChanges(draft, page);
  const kept = useKeptDraft(useCompany().company.cvr, page, draft, dirty);
  const session = useSession();

  // An edit makes "Ændringer gemt!" untrue of the form: it goes at once.
  const set =
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
    { key: 'seo', label: 'SEO' },
  ] as const;
  const shownTab: TabKey = gallery && tab === 'billeder' ? 'indhold' : tab;

  /** "Gem ændringer", also when the leave question's "Gem" asks; false when refused. */
  const save = async (): Promise<boolean> => {
    const update = updateFrom(draft, page);
    const checked = validate(pageUpdateSchema, update);
    if (!checked.ok) {
      setErrors(checked.errors);
      clear();
      const first = Object.keys(checked.errors)[0] ?? '';
      setTab(first.startsWith('meta') ? 'seo' : 'indhold');
      return false;
    }
    setErrors({});
    return run(async () => {
      const saved = await savePage(page.id, update);
      kept.clear();
      onSaved(saved);
      // The draft becomes what was stored (a new name has a new slug, values are trimmed).
      setDraft(draftFrom(saved));
    });
  };
  const unsaved = useUnsavedChanges({
    dirty,
    save,
    discard: () => {
      kept.clear();
      setDraft(draftFrom(page));
      setErrors({});
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await save();
  };

  const confirmDelete = async () => {
    setDeleting(true);
    setDeleteError(null);
    try {
      await deletePage(page.id);
      setConfirming(false);
      // The page is gone, and its unsaved changes with it: leaving it asks nothing.
      kept.clear();
      unsaved.forget();
      onDeleted(page.id);
    } catch (error) {
      setDeleteError(error instanceof Error ? error.message : MESSAGES.pageDeleteFailed);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <form className="page-editor" onSubmit={(event) => void submit(event)} noValidate>
      <div className="page-editor-head">
        <h2>{page.pageName}</h2>
        <span className="field-hint">/{page.type === 'homepage' ? '' : page.slug}</span>
      </div>
      <KeptDraftOffer
        offer={kept.offer}
        onAccept={() => {
          const draft = kept.accept();
          if (draft) setDraft(draft);
        }}
        onDecline={kept.decline}
      />
      <PagePreview page={page} draft={draft} />
      <Tabs label="Redigér side" tabs={tabs} selected={shownTab} onSelect={(key) => setTab(key as TabKey)}>
        {shownTab === 'indhold' ? (
          <>
            <Field
              label="Sidenavn (Kun synligt i CMS)"
              value={draft.pageName}
              onChange={set('pageName')}
              error={errors.pageName}
              hint={
                page.type === 'homepage' ? undefined : 'Sidens adresse laves ud fra navnet, når du gemmer.'
              }
            />
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
                <AiGenerator
                  pageType={page.type}
                  onGenerated={(text) => setDraft((current) => withGeneratedText(current, text))}
                />
              </>
            )}
          </>
        ) : null}
        {shownTab === 'billeder' ? (
          <>
            {draft.layout === 'hero' ? (
              <ImageChoice
                label="Baggrundsbillede øverst"
                value={draft.heroBackgroundImage}
                onChange={set('heroBackgroundImage')}
                upload={upload}
              />
            ) : null}
            <ImageChoice
              label="Billede ved teksten"
              value={draft.image}
              onChange={set('image')}
              upload={upload}
            />
            {images.data && !canUpload ? <p className="field-hint">{MESSAGES.archiveFull}</p> : null}
            {errors.image || errors.heroBackgroundImage ? (
              <p className="form-error">{errors.image ?? errors.heroBackgroundImage}</p>
            ) : null}
          </>
        ) : null}
        {shownTab === 'layout' ? (
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
        ) : null}
        {shownTab === 'seo' ? (
          <>
            <Field
              label="Meta titel"
              value={draft.metaTitle}
              onChange={set('metaTitle')}
              maxLength={META_TITLE_MAX}
              hint={<Counted hint={META_TITLE_HINT} length={draft.metaTitle.length} max={META_TITLE_MAX} />}
              error={errors.metaTitle}
            />
            <Field
              label="Meta beskrivelse"
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
        ) : null}
      </Tabs>
      <div className="page-editor-foot">
        <SaveBar state={state} dirty={dirty} viewHref={sitePageUrl(session.siteUrl, page)} />
        {page.type === 'homepage' ? (
          <p className="field-hint">{MESSAGES.homepageNotDeletable}</p>
        ) : (
          <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
            Slet side
          </button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Slet side"
        message={MESSAGES.deletePageConfirm}
        confirmLabel="Slet side"
        busyLabel="Sletter..."
        busy={deleting}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(false)}
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
