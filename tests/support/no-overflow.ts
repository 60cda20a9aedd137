// Phone layout check for browser tests (issue 14): nothing on the page may be wider than the
// viewport, the page must not scroll sideways, and no visible label may be clipped (text cut off by
// its own box, like a tab reading "Hj" for "Hjemmeside"). Elements inside a container that scrolls
// sideways (overflow-x auto/scroll) are judged by the container: it may not hide content sideways
// unless it shows a cue and says so with data-scroll-cue. Reusable for any screen:
//   expect(await layoutProblems(page)).toEqual([]);
import type { Page } from 'playwright-core';

/** A readable description of each problem; empty when the page fits its viewport. */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const cls =
        typeof element.className === 'string' && element.className
          ? `.${element.className.trim().split(/\s+/).join('.')}`
          : '';
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${element.tagName.toLowerCase()}${id}${cls} "${text}"`;
    };
    const scrollsSideways = (element: Element) => {
      for (
        let parent = element.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        const overflow = getComputedStyle(parent).overflowX;
        if (overflow === 'auto' || overflow === 'scroll') return true;
      }
      return false;
    };
    // A container that scrolls sideways hides part of its content; allowed only with a visible cue
    // the screen marks with data-scroll-cue (the admin's tab bars: edge shadows, issue 28).
    for (const element of document.body.querySelectorAll('*')) {
      if (/^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName) || element.hasAttribute('data-scroll-cue'))
        continue;
      const overflow = getComputedStyle(element).overflowX;
      if ((overflow === 'auto' || overflow === 'scroll') && element.scrollWidth > element.clientWidth + 1) {
        problems.push(
          `${describe(element)} hides ${element.scrollWidth - element.clientWidth} px behind a sideways scroll`,
        );
      }
    }
    if (document.documentElement.scrollWidth > width) {
      problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px in ${width} px`);
    }
    for (const element of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden' || style.position === 'fixed') continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // Visually hidden helpers (1 px, clipped) and skip links parked wholly left of the page until
      // focused are off-screen on purpose.
      if ((box.width <= 1 && box.height <= 1) || box.right <= 0) continue;
      if ((box.left < -1 || box.right > width + 1) && !scrollsSideways(element)) {
        problems.push(
          `${describe(element)} spans ${Math.round(box.left)}–${Math.round(box.right)} px in ${width} px`,
        );
      }
      // A label clipped by its own box: its text is wider than what it shows, and it hides the rest.
      const clips =
        style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
      const isLabel =
        /^(BUTTON|A|LABEL|H[1-6])$/.test(element.tagName) || element.getAttribute('role') === 'tab';
      if (isLabel && clips && element.scrollWidth > element.clientWidth + 1) {
        problems.push(
          `${describe(element)} is clipped: ${element.scrollWidth} px of text in ${element.clientWidth} px`,
        );
      }
    }
    return problems;
  });
}

/**
 * Nothing reaches into the column's own margins (issue 40: at 360 px the page editor stood 15 px past
 * its column, flush with the screen's edge, while the page itself did not scroll): every visible
 * element inside `column` (default the admin's <main>) stays within its content box, the padding
 * left free. Elements inside a container that scrolls sideways, fixed ones and visually hidden
 * helpers are judged as layoutProblems judges them. One description per element that sticks out.
 */
export async function columnProblems(page: Page, column = 'main'): Promise<string[]> {
  return page.evaluate((selector) => {
    const problems: string[] = [];
    const root = document.querySelector(selector);
    if (!root) return problems;
    const style = getComputedStyle(root);
    const box = root.getBoundingClientRect();
    const left = box.left + Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.borderLeftWidth);
    const right =
      box.right - Number.parseFloat(style.paddingRight) - Number.parseFloat(style.borderRightWidth);
    const insideScroller = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== root; parent = parent.parentElement) {
        const overflow = getComputedStyle(parent).overflowX;
        if (overflow === 'auto' || overflow === 'scroll' || overflow === 'hidden' || overflow === 'clip') {
          return true;
        }
        if (getComputedStyle(parent).position === 'fixed' || parent.tagName === 'DIALOG') return true;
      }
      return false;
    };
    // Clipped to nothing: a visually hidden helper (a table for screen readers keeps its width).
    const clippedAway = (element: Element) => {
      for (let node: Element | null = element; node && node !== root; node = node.parentElement) {
        if (getComputedStyle(node).clip === 'rect(0px, 0px, 0px, 0px)') return true;
      }
      return false;
    };
    for (const element of root.querySelectorAll('*')) {
      const own = getComputedStyle(element);
      if (own.display === 'none' || own.visibility === 'hidden' || own.position === 'fixed') continue;
      if (element.tagName === 'DIALOG' || clippedAway(element)) continue;
      const rect = element.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1 || rect.right <= 0) continue;
      if ((rect.left < left - 1 || rect.right > right + 1) && !insideScroller(element)) {
        const id = element.id ? `#${element.id}` : '';
        const cls =
          typeof element.className === 'string' && element.className
            ? `.${element.className.trim().split(/\s+/).join('.')}`
            : '';
        problems.push(
          `${element.tagName.toLowerCase()}${id}${cls} spans ${Math.round(rect.left)}–${Math.round(rect.right)} px in a column of ${Math.round(left)}–${Math.round(right)} px`,
        );
      }
    }
    return problems;
  }, column);
}

/**
 * Tab bars and button rows that must stay one row (issue 28: at 360 px "Log ud" or "SEO" sat alone on
 * a second row): each visible tablist, the admin's tab bar and its header buttons; one description
 * per bar whose items sit on more than one row.
 */
export async function wrappedRows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const bar of document.querySelectorAll('[role="tablist"], .shell-tabs, .shell-actions')) {
      const items = [...bar.children].filter((child) => {
        const box = child.getBoundingClientRect();
        return box.width > 0 && box.height > 0;
      });
      const rows = new Set(items.map((item) => Math.round(item.getBoundingClientRect().top / 4)));
      if (rows.size > 1) {
        const names = items.map((item) => (item.textContent ?? '').trim()).join(' | ');
        problems.push(
          `${bar.getAttribute('aria-label') ?? bar.className} wraps onto ${rows.size} rows: ${names}`,
        );
      }
    }
    return problems;
  });
}
