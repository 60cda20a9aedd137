// Menu order and visibility of a company's pages (issue 14). The owner sends the whole order at
// once; it must name each of the company's pages exactly once. The homepage always comes first and
// is always "in the menu" (the site's logo links it; the generated menu lists the other pages).
// A hidden page stays published, reachable by its address and in the sitemap: only the menu (header
// and footer links) leaves it out.

export interface MenuEntry {
  id: string;
  showInMenu: boolean;
}

interface OrderablePage {
  id: string;
  type: string;
}

/**
 * The order to store, or null when `requested` is not exactly the company's pages (a page missing,
 * named twice or unknown: another tab changed the pages meanwhile). The homepage is moved first.
 */
export function normalizeMenuOrder(
  pages: readonly OrderablePage[],
  requested: readonly MenuEntry[],
): MenuEntry[] | null {
  const known = new Map(pages.map((page) => [page.id, page]));
  const seen = new Set<string>();
  for (const entry of requested) {
    if (!known.has(entry.id) || seen.has(entry.id)) return null;
    seen.add(entry.id);
  }
  if (seen.size !== known.size) return null;
  const isHome = (entry: MenuEntry) => known.get(entry.id)?.type === 'homepage';
  return [
    ...requested.filter(isHome).map((entry) => ({ id: entry.id, showInMenu: true })),
    ...requested
      .filter((entry) => !isHome(entry))
      .map((entry) => ({ id: entry.id, showInMenu: entry.showInMenu })),
  ];
}

/** `list` with the item at `index` moved by `delta` places; unchanged when that leaves the list. */
export function moveItem<T>(list: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1) as [T];
  next.splice(target, 0, item);
  return next;
}
