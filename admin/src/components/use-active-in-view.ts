// Keeps the chosen tab of a sideways-scrolling tab bar in view (issue 28): on a phone the bar is one
// row that scrolls, and the tab a link or a reload opens may sit past its right edge.
import { type RefObject, useEffect } from 'react';

const ACTIVE = '[aria-selected="true"], [aria-current="page"]';
// Room for the edge shadow beside the tab.
const MARGIN_PX = 24;

/** Scrolls `strip` sideways (never the page) so its active tab shows, whenever `key` changes. */
export function useActiveInView(strip: RefObject<HTMLElement | null>, key: unknown): void {
  useEffect(() => {
    const container = strip.current;
    const active = container?.querySelector<HTMLElement>(ACTIVE);
    if (!container || !active || key === undefined) return;
    const box = container.getBoundingClientRect();
    const tab = active.getBoundingClientRect();
    if (tab.left < box.left) container.scrollLeft -= box.left - tab.left + MARGIN_PX;
    else if (tab.right > box.right) container.scrollLeft += tab.right - box.right + MARGIN_PX;
  }, [strip, key]);
}
