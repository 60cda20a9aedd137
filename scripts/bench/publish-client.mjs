// An owner's publishes seen from a process of its own (issue 44), for the noisy bench's API flood
// rounds: a page save over HTTP, then the page polled until its new title is served; the latency is
// "save sent → the first byte of the new HTML". Plain JavaScript on plain Node, so it starts without
// the bench's TypeScript loader and shares nothing with the server's event loop.
//
// node publish-client.mjs '<options as JSON>' prints one line: {"latencies":[ms…],"errors":n}.
// Options: api (origin of the API), cookie, origin (the Origin header), forwardedFor (the client's
// address, X-Forwarded-For, trusted by the server under test), pageId, siteUrl (the page's address),
// tag (in each title, so every round's titles are new), seconds, pauseMs (between one publish seen
// and the next save: an owner saves at most 60 times a minute).
const options = JSON.parse(process.argv[2] ?? '{}');
/** Between two looks at the page: the figure's resolution. The publish bench's 1 ms (a poll every
 *  millisecond) here made the poller a load of its own that grew with the publish it waited for. */
const POLL_PAUSE_MS = 5;
const GIVE_UP_MS = 30_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const latencies = [];
let errors = 0;
let n = 0;
const deadline = performance.now() + options.seconds * 1000;
while (performance.now() < deadline) {
  n += 1;
  const title = `Udgivet ${options.tag} nr ${n}`;
  const started = performance.now();
  const save = await fetch(`${options.api}/api/pages/${options.pageId}`, {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      origin: options.origin,
      cookie: options.cookie,
      'x-forwarded-for': options.forwardedFor,
    },
    body: JSON.stringify({ title, content: 'Vi bygger og renoverer.\n\nRing i dag.' }),
  });
  await save.arrayBuffer();
  let seenAt = null;
  if (save.status === 200) {
    while (seenAt === null && performance.now() - started < GIVE_UP_MS) {
      const page = await fetch(options.siteUrl, { redirect: 'manual' });
      const answeredAt = performance.now();
      const html = await page.text();
      if (page.status === 200 && html.includes(title)) seenAt = answeredAt;
      else await sleep(POLL_PAUSE_MS);
    }
  }
  if (seenAt === null) errors += 1;
  else latencies.push(Math.round((seenAt - started) * 100) / 100);
  await sleep(options.pauseMs);
}
process.stdout.write(`${JSON.stringify({ latencies, errors })}\n`);
