// /admin/pages (the spec's Screens Pages editor): the menu of the company's pages, 'Ny side', and the editor of
// the chosen page (?side=<id>), or 'Vælg en side fra menuen' when none is chosen. A site without a
// Kontakt page of the owner's has the generated one in its menu: the list shows it as well
// (?side=kontakt, contact-page-info.tsx), so every item of the site's menu is in Sider (issue 49).
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MESSAGES } from '../../../../rules/messages';
import { CONTACT_PAGE_SLUGS, findContactPage } from '../../../../rules/pages';
import type { Page } from '../../api/types';
import { useResource } from '../../api/use-resource';
import { useSession } from '../../auth/auth-context';
import { LoadState } from '../../components/load-state';
import { Skeleton } from '../../components/skeleton';
import { useConfirmLeave } from '../../components/unsaved-changes';
import { ContactPageInfo } from './contact-page-info';
import { DeletedPages } from './deleted-pages';
import { pageUrl, withSavedPage } from './page-draft';
import { PageEditor } from './page-editor';
import { createPage, listPages } from './pages-api';
import './pages.css';

// Opened from "Menu og rækkefølge" only: its code loads then, not with every visit to the pages.
const MenuOrder = lazy(async () => ({ default: (await import('./menu-order')).MenuOrder }));

/** `?side=kontakt`: the generated contact page's entry. */
const GENERATED_CONTACT = 'kontakt';

export function PagesScreen() {
  const pages = useResource(listPages);
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const [deletions, setDeletions] = useState(0);
  const selectedId = params.get('side');
  // ?visning=menu: the menu order and "Vis i menuen" panel (menu-order.tsx) instead of the editor.
  const ordering = params.get('visning') === 'menu';
  const choose = (id: string | null) => setParams(id ? { side: id } : {}, { replace: false });
  const confirmLeave = useConfirmLeave();
  const { siteUrl } = useSession();

  if (pages.data === null) {
    return (
      <section aria-labelledby="pages-title">
        <h1 id="pages-title">Sider</h1>
        <LoadState resource={pages} />
      </section>
    );
  }

  const list = pages.data;
  const selected = list.find((page) => page.id === selectedId) ?? null;
  // The generated contact page, while the owner has none of their own (page ids are UUIDs).
  const generatedContact = findContactPage(list) === null;
  const contactChosen = generatedContact && selectedId === GENERATED_CONTACT;

  const create = async (pageName?: string) => {
    // Asked before the page is made, not after: "Bliv" makes no page.
    if (!(await confirmLeave())) return;
    setCreating(true);
    setCreateError(null);
    try {
      const page = await createPage(pageName);
      pages.setData((current) => [...(current ?? []), page]);
      choose(page.id);
    } catch (error) {
      setCreateError(error instanceof Error ? error.message : MESSAGES.pageCreateFailed);
    } finally {
      setCreating(false);
    }
  };

  return (
    <section aria-labelledby="pages-title" className="pages-screen">
      <h1 id="pages-title">Sider</h1>
      <div className="pages-layout">
        <nav className="pages-menu" aria-label="Dine sider">
          <PageMenuList
            pages={list}
            selectedId={selected?.id ?? null}
            generatedContact={generatedContact}
            contactChosen={contactChosen}
            onChoose={choose}
          />
          <button
            type="button"
            className="button button-secondary button-wide"
            disabled={creating}
            onClick={() => void create()}
          >
            {creating ? 'Opretter...' : 'Ny side'}
          </button>
          <button
            type="button"
            className="button button-secondary button-wide pages-menu-order"
            aria-pressed={ordering}
            onClick={() => setParams(ordering ? {} : { visning: 'menu' })}
          >
            Menu og rækkefølge
          </button>
          {createError ? (
            <p className="form-error" role="alert">
              {createError}
            </p>
          ) : null}
          <DeletedPages
            refreshKey={deletions}
            onRestored={async (page) => {
              await pages.reload();
              choose(page.id);
            }}
          />
        </nav>
        <div className="pages-editor-area">
          {ordering ? (
            <Suspense fallback={<Skeleton />}>
              <MenuOrder
                pages={list}
                onSaved={(stored) => {
                  pages.setData(() => stored);
                }}
              />
            </Suspense>
          ) : contactChosen ? (
            <ContactPageInfo
              url={pageUrl(siteUrl, CONTACT_PAGE_SLUGS[0] as string)}
              creating={creating}
              onWrite={() => void create('Kontakt')}
            />
          ) : selected ? (
            <PageEditor
              // A fresh draft per page; after a save the editor takes the stored page itself.
              key={selected.id}
              page={selected}
              pages={list}
              // The PUT answers the stored page: it replaces its entry, no second request. A new
              // address also rewrote the links to it in the other pages: those are read again.
              onSaved={(saved) => {
                pages.setData((current) => withSavedPage(current ?? [], saved));
                if (saved.slug !== selected.slug) void pages.reload();
              }}
              // The DELETE succeeded: the page leaves the menu at once, no second request.
              onDeleted={(id) => {
                pages.setData((current) => (current ?? []).filter((entry) => entry.id !== id));
                setDeletions((count) => count + 1);
                choose(null);
              }}
            />
          ) : (
            <p className="pages-prompt">Vælg en side fra menuen</p>
          )}
        </div>
      </div>
    </section>
  );
}

/** The menu of the company's pages, the generated Kontakt page last while the owner has none. */
function PageMenuList({
  pages,
  selectedId,
  generatedContact,
  contactChosen,
  onChoose,
}: {
  pages: readonly Page[];
  selectedId: string | null;
  generatedContact: boolean;
  contactChosen: boolean;
  onChoose: (id: string) => void;
}) {
  return (
    <ul>
      {pages.map((page: Page) => (
        <li key={page.id}>
          <button
            type="button"
            className={page.id === selectedId ? 'pages-menu-item pages-menu-item-active' : 'pages-menu-item'}
            aria-current={page.id === selectedId ? 'page' : undefined}
            onClick={() => onChoose(page.id)}
          >
            {page.pageName}
            {page.type === 'homepage' ? <span className="pages-menu-tag">Forside</span> : null}
            {page.type !== 'homepage' && !page.showInMenu ? (
              <span className="pages-menu-tag">Ikke i menuen</span>
            ) : null}
          </button>
        </li>
      ))}
      {generatedContact ? (
        <li>
          <button
            type="button"
            className={contactChosen ? 'pages-menu-item pages-menu-item-active' : 'pages-menu-item'}
            aria-current={contactChosen ? 'page' : undefined}
            onClick={() => onChoose(GENERATED_CONTACT)}
          >
            Kontakt
            <span className="pages-menu-tag">Laves automatisk</span>
          </button>
        </li>
      ) : null}
    </ul>
  );
}
