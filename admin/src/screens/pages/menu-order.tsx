// "Menu og rækkefølge" in the pages editor (issue 14): the owner moves pages up or down (plain
// buttons, so the keyboard works as it is) and chooses per page "Vis i menuen"; the homepage stays
// first. One "Gem rækkefølge" stores it all (PUT /api/pages/order) and the site republishes.
// A hidden page is still on the site and in the sitemap; only the menu leaves it out.
import { type FormEvent, useRef, useState } from 'react';
import { MESSAGES } from '../../../../rules/messages';
import { moveItem } from '../../../../rules/page-order';
import { api } from '../../api/client';
import type { Page } from '../../api/types';
import { SaveBar } from '../../components/save-bar';
import { useUnsavedChanges } from '../../components/unsaved-changes';
import { useSaveState } from '../../components/use-save-state';

interface Row {
  page: Page;
  showInMenu: boolean;
}

function saveMenuOrder(rows: readonly Row[]): Promise<Page[]> {
  return api.put('/pages/order', MESSAGES.pageOrderFailed, {
    pages: rows.map((row) => ({ id: row.page.id, showInMenu: row.showInMenu })),
  });
}

function rowsOf(pages: readonly Page[]): Row[] {
  return pages
    .filter((page) => page.type !== 'homepage')
    .map((page) => ({ page, showInMenu: page.showInMenu }));
}

/** The order and menu choices a save would store, to compare with what is stored. */
function orderKey(rows: readonly Row[]): string {
  return rows.map((row) => `${row.page.id}:${row.showInMenu}`).join(',');
}

export function MenuOrder({ pages, onSaved }: { pages: readonly Page[]; onSaved(pages: Page[]): void }) {
  const home = pages.filter((page) => page.type === 'homepage');
  const [rows, setRows] = useState<Row[]>(() => rowsOf(pages));
  const dirty = orderKey(rows) !== orderKey(rowsOf(pages));
  const [status, setStatus] = useState('');
  const save = useSaveState();
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  const move = (index: number, delta: -1 | 1) => {
    const row = rows[index];
    if (!row) return;
    const next = moveItem(rows, index, delta);
    setRows(next);
    const place = next.indexOf(row) + 2;
    setStatus(`${row.page.pageName} er nu nummer ${place} af ${rows.length + 1}`);
    // Keep focus on the moved page's button in the same direction, or the other one at an end.
    const atEnd = place === 2 || place === rows.length + 1;
    const direction = delta < 0 ? 'op' : 'ned';
    const other = delta < 0 ? 'ned' : 'op';
    requestAnimationFrame(() => {
      const target =
        buttons.current.get(`${row.page.id}-${atEnd ? other : direction}`) ??
        buttons.current.get(`${row.page.id}-${direction}`);
      target?.focus();
    });
  };

  const store = async (): Promise<boolean> => {
    const ok = await save.run(async () => {
      const stored = await saveMenuOrder([...home.map((page) => ({ page, showInMenu: true })), ...rows]);
      onSaved(stored);
    });
    if (ok) setStatus('');
    return ok;
  };
  useUnsavedChanges({ dirty, save: store, discard: () => setRows(rowsOf(pages)) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await store();
  };

  const button = (row: Row, index: number, delta: -1 | 1) => {
    const word = delta < 0 ? 'op' : 'ned';
    const disabled = delta < 0 ? index === 0 : index === rows.length - 1;
    return (
      <button
        type="button"
        className="button button-secondary menu-order-move"
        ref={(element) => {
          if (element) buttons.current.set(`${row.page.id}-${word}`, element);
          else buttons.current.delete(`${row.page.id}-${word}`);
        }}
        aria-label={`Flyt ${row.page.pageName} ${word}`}
        disabled={disabled}
        onClick={() => move(index, delta)}
      >
        <span aria-hidden="true">{delta < 0 ? '↑' : '↓'}</span>
      </button>
    );
  };

  return (
    <form className="menu-order" onSubmit={(event) => void submit(event)} aria-labelledby="menu-order-title">
      <h2 id="menu-order-title">Menu og rækkefølge</h2>
      <p className="menu-order-lead">
        Flyt siderne op eller ned, og vælg hvilke der vises i menuen. Forsiden er altid først. En side, der
        ikke vises i menuen, findes stadig på sin adresse.
      </p>
      <ol className="menu-order-list">
        {home.map((page) => (
          <li key={page.id} className="menu-order-row menu-order-home">
            <span className="menu-order-name">{page.pageName}</span>
            <span className="pages-menu-tag">Forside, altid først</span>
          </li>
        ))}
        {rows.map((row, index) => (
          <li key={row.page.id} className="menu-order-row">
            <span className="menu-order-name">{row.page.pageName}</span>
            <label className="menu-order-show">
              <input
                type="checkbox"
                checked={row.showInMenu}
                onChange={(event) => {
                  const checked = event.target.checked;
                  setRows((current) =>
                    current.map((item) => (item === row ? { ...item, showInMenu: checked } : item)),
                  );
                }}
              />
              Vis i menuen
            </label>
            <span className="menu-order-moves">
              {button(row, index, -1)}
              {button(row, index, 1)}
            </span>
          </li>
        ))}
      </ol>
      <p className="visually-hidden" aria-live="polite">
        {status}
      </p>
      <SaveBar state={save.state} dirty={dirty} />
    </form>
  );
}
