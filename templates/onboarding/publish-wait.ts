// After creation: wait until the new site is served before going there, so the owner never lands on
// the 404 page of a site still being published.

const POLL_INTERVAL_MS = 250;
const POLL_LIMIT_MS = 20_000;

/** Where to check that the new site is served: its own path here, or /<cvr>/ on this host. */
export function pollPath(created: { url: string; cvr: string }): string {
  const target = new URL(created.url, window.location.href);
  return target.origin === window.location.origin ? target.pathname : `/${created.cvr}/`;
}

export async function waitUntilPublished(path: string): Promise<void> {
  const deadline = Date.now() + POLL_LIMIT_MS;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(path, { cache: 'no-store', credentials: 'same-origin' });
      // An unpublished site redirects to /404.
      if (response.ok && !response.redirected) return;
    } catch {
      // Not there yet or a network hiccup: ask again.
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}
