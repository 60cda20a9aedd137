// Serving at scale: our front server against nginx on the same 10,000 rendered sites, under a load
// shaped like real visitors rather than one hot page. Sites are picked by a Zipf distribution (s = 1),
// by Host header; a request is a page of the site or an image it shows, with `Accept-Encoding: br,
// gzip` as browsers send it, and one in ten is conditional (If-None-Match with the ETag that server
// gave). nginx does equal work: a `map` from host to site folder, and brotli/gzip copies beside each
// text file (gzip_static, brotli_static), which is how it would serve these folders in production.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { COMPRESS_MIN_BYTES } from '../../../generator/site-model';
import { BROTLI_OPTIONS, GZIP_LEVEL } from '../../../server/static-file-cache';
import { BROTLI_MODULE, runNginx, waitForPort } from '../nginx';
import { median } from '../stats';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const run = promisify(execFile);
/** Share of requests that revalidate a page with If-None-Match, as a repeat visitor's browser does. */
const CONDITIONAL_SHARE = 0.1;

export interface ServedSite {
  cvr: string;
  host: string;
  /** Same-origin paths a visitor requests: pages first (the homepage is `/`), then images. */
  pages: string[];
  assets: string[];
}

export interface StaticMixFigures {
  sites: number;
  urls: number;
  ours: number;
  nginx: number;
  ratio: number;
  /** The serving copies (the front server). */
  oursRssMb: number;
  /** The primary that publishes (render threads) and serves nothing. */
  oursPrimaryRssMb: number;
  /** Seconds to answer every URL once, 16 at a time, right after the rebuild. */
  oursColdSeconds: number;
  nginxColdSeconds: number;
  nginxRssMb: number;
}

/** Writes a small PNG logo for every company whose row names one under /media/logos/. */
export async function writeLogoFiles(storageDir: string, logos: Array<{ cvr: string; url: string }>) {
  const png = await sharp({
    create: { width: 240, height: 96, channels: 3, background: { r: 180, g: 83, b: 9 } },
  })
    .png()
    .toBuffer();
  for (const { url } of logos) {
    const file = path.join(storageDir, url.replace(/^\/media\//, ''));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, png);
  }
}

/** What a visitor of each rendered site can request, read from its files. */
export function servedSites(sitesDir: string, hosts: Map<string, string>): ServedSite[] {
  const sites: ServedSite[] = [];
  for (const [cvr, host] of hosts) {
    const dir = path.join(sitesDir, cvr);
    const pages: string[] = [];
    const assets = new Set<string>();
    for (const file of readdirSync(dir)) {
      if (!file.endsWith('.html') || file.startsWith('404.')) continue;
      pages.push(file === 'index.html' ? '/' : `/${file.slice(0, -'.html'.length)}`);
      const html = readFileSync(path.join(dir, file), 'utf8');
      for (const match of html.matchAll(/\s(?:src|href)="(\/(?:media|_[a-z]+)\/[^"?#]+)"/g)) {
        if (match[1]) assets.add(match[1]);
      }
    }
    pages.sort((a, b) => (a === '/' ? -1 : b === '/' ? 1 : a.localeCompare(b)));
    sites.push({ cvr, host, pages, assets: [...assets] });
  }
  return sites;
}

/**
 * A copy of the sites for nginx: every file hard-linked (no extra bytes), plus `.br` and `.gz`
 * beside each HTML, XML and text file, at the compression our server uses for its own copies (so
 * both send the same bytes).
 */
export function precompressedMirror(sitesDir: string, sites: ServedSite[], mirrorDir: string): void {
  for (const site of sites) {
    const from = realpathSync(path.join(sitesDir, site.cvr));
    const to = path.join(mirrorDir, site.cvr);
    mkdirSync(to, { recursive: true });
    for (const file of readdirSync(from)) {
      const source = path.join(from, file);
      // Copies the generator wrote at publish are made afresh below.
      if (!statSync(source).isFile() || /\.(br|gz)$/.test(file)) continue;
      linkSync(source, path.join(to, file));
      if (!/\.(html|xml|txt)$/.test(file)) continue;
      const body = readFileSync(source);
      if (body.length < COMPRESS_MIN_BYTES) continue;
      writeFileSync(path.join(to, `${file}.br`), brotliCompressSync(body, BROTLI_OPTIONS));
      writeFileSync(path.join(to, `${file}.gz`), gzipSync(body, { level: GZIP_LEVEL }));
    }
  }
}

/** nginx with a host → site map over `mirrorDir/<cvr>` (the mirror, or the sites folder itself),
 *  and /media from STORAGE_DIR: the hand-written reference. */
export async function startMixNginx(options: {
  mirrorDir: string;
  storageDir: string;
  sites: ServedSite[];
  port: number;
  workers: number;
}): Promise<{ pid: number; stop: () => Promise<void> }> {
  const map = options.sites.map((site) => `  ${site.host} ${site.cvr};`).join('\n');
  return runNginx({
    port: options.port,
    workers: options.workers,
    modules: [BROTLI_MODULE],
    http: (dir) => {
      writeFileSync(path.join(dir, 'sites.map'), `${map}\n`);
      return `  # One descriptor per cached file, per worker: kept under this machine's limit of 20,000 open files
  # (raising it needs a capability the container lacks), which 100,000 overran at 10,000 sites with
  # "Too many open files" (404 and 500 answers).
  open_file_cache max=15000 inactive=60s;
  map_hash_bucket_size 128;
  map_hash_max_size 65536;
  server_names_hash_bucket_size 128;
  map $host $site {
    hostnames;
    default "";
    include ${dir}/sites.map;
  }
  server {
    listen 127.0.0.1:${options.port};
    etag on;
    gzip_static on;
    brotli_static on;
    gzip_vary on;
    location /media/ { alias ${options.storageDir}/; }
    # The built shared assets (the trade scenes) every host serves, as our front server does.
    location /_astro/ { alias ${path.join(ROOT, 'dist', 'site', 'client', '_astro')}/; }
    location / {
      if ($site = "") { return 404; }
      root ${options.mirrorDir}/$site;
      index index.html;
      try_files $uri $uri.html $uri/index.html =404;
    }
  }`;
    },
  });
}

/** The product as `npm start` ships it over STORAGE_DIR: a primary that publishes, and `workers`
 *  serving copies (WEB_PROCESSES) on the shared port. */
export async function startOurServer(env: Record<string, string>, workers: number): Promise<ChildProcess> {
  const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/start.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...env,
      WEB_PROCESSES: String(workers),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForPort(Number(env.PORT), '127.0.0.1', 120_000);
  return child;
}

/** Resident memory of a process tree in MB: all of it, and the part in processes whose command
 *  line contains `match` (our serving copies). */
async function treeRssMb(pid: number, match?: string): Promise<{ total: number; matched: number }> {
  const { stdout } = await run('ps', ['-e', '-o', 'pid=,ppid=,rss=,args=']);
  const rows = stdout
    .trim()
    .split('\n')
    .map((line) => {
      const [child = 0, parent = 0, rss = 0, ...args] = line.trim().split(/\s+/);
      return { child: Number(child), parent: Number(parent), rss: Number(rss), args: args.join(' ') };
    });
  const tree = new Set([pid]);
  for (let grown = true; grown; ) {
    grown = false;
    for (const { child, parent } of rows) {
      if (tree.has(parent) && !tree.has(child)) {
        tree.add(child);
        grown = true;
      }
    }
  }
  const inTree = rows.filter((row) => tree.has(row.child));
  const mb = (list: typeof inTree) => Math.round(list.reduce((sum, row) => sum + row.rss, 0) / 1024);
  return {
    total: mb(inTree),
    matched: match === undefined ? 0 : mb(inTree.filter((row) => row.args.includes(match))),
  };
}

/** The ETags one server gives the most visited URLs (for the conditional share of the load). */
async function etagsOf(port: number, urls: Array<{ host: string; path: string }>): Promise<string[]> {
  const etags: string[] = [];
  for (const url of urls) {
    etags.push(
      await new Promise<string>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            path: url.path,
            headers: { host: url.host, 'accept-encoding': 'br, gzip' },
          },
          (res) => {
            res.resume();
            res.on('end', () =>
              res.statusCode === 200
                ? resolve(String(res.headers.etag ?? ''))
                : reject(new Error(`${url.host}${url.path}: ${res.statusCode} on port ${port}`)),
            );
          },
        );
        req.on('error', reject);
        req.end();
      }),
    );
  }
  return etags;
}

/** The wrk script: Zipf over sites (popularity order shuffled by a seeded hash), then a path. */
function wrkScript(sites: ServedSite[], hot: Array<{ host: string; path: string }>, etags: string[]): string {
  const lua = (value: string) => JSON.stringify(value);
  const order = [...sites].sort((a, b) => hash(a.cvr).localeCompare(hash(b.cvr)));
  const harmonic: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= order.length; rank++) {
    total += 1 / rank;
    harmonic.push(total);
  }
  return `
local hosts = {${order.map((site) => lua(site.host)).join(',')}}
local pages = {${order.map((site) => `{${site.pages.map(lua).join(',')}}`).join(',\n')}}
local assets = {${order.map((site) => `{${site.assets.map(lua).join(',')}}`).join(',\n')}}
local cdf = {${harmonic.map((value) => (value / total).toFixed(8)).join(',')}}
local hot_hosts = {${hot.map((url) => lua(url.host)).join(',')}}
local hot_paths = {${hot.map((url) => lua(url.path)).join(',')}}
local hot_etags = {${etags.map(lua).join(',')}}
local n = #cdf
local conditional, total = 0, 0
local function site()
  local r, lo, hi = math.random(), 1, n
  while lo < hi do
    local mid = math.floor((lo + hi) / 2)
    if cdf[mid] < r then lo = mid + 1 else hi = mid end
  end
  return lo
end
init = function(args) math.randomseed(${Date.now() % 100_000} + (tonumber(args[1]) or 0)) end
request = function()
  total = total + 1
  if math.random() < ${CONDITIONAL_SHARE} and #hot_etags > 0 then
    conditional = conditional + 1
    local i = math.random(#hot_etags)
    return wrk.format("GET", hot_paths[i], { ["Host"] = hot_hosts[i], ["Accept-Encoding"] = "br, gzip", ["If-None-Match"] = hot_etags[i] })
  end
  local i = site()
  local list, r = pages[i], math.random()
  local p = "/"
  if r < 0.55 then p = "/"
  elseif r < 0.85 or #assets[i] == 0 then p = list[math.random(#list)]
  else p = assets[i][math.random(#assets[i])] end
  return wrk.format("GET", p, { ["Host"] = hosts[i], ["Accept-Encoding"] = "br, gzip" })
end
`;
}

function hash(value: string): string {
  return createHash('sha1').update(value).digest('hex');
}

/** The status of one GET as a browser sends it (0: no answer). */
function statusOf(port: number, host: string, urlPath: string): Promise<number> {
  return new Promise<number>((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, path: urlPath, headers: { host, 'accept-encoding': 'br, gzip' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end();
  });
}

/** Every URL of the load, asked once: the first ones that fail, to name them in an error. */
async function failingUrls(port: number, sites: ServedSite[]): Promise<string[]> {
  const failed: string[] = [];
  for (const site of sites) {
    for (const urlPath of [...site.pages, ...site.assets]) {
      const status = await statusOf(port, site.host, urlPath);
      if (status >= 400 || status === 0) failed.push(`${status} ${site.host}${urlPath}`);
      if (failed.length >= 10) return failed;
    }
  }
  return failed;
}

/** Asks every URL once, 16 at a time, and returns the seconds it took: a crawler's first pass. */
async function crawlOnce(port: number, sites: ServedSite[]): Promise<number> {
  const urls = sites.flatMap((site) => [...site.pages, ...site.assets].map((p) => [site.host, p] as const));
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < urls.length) {
        const [host, urlPath] = urls[next++] as readonly [string, string];
        await statusOf(port, host, urlPath);
      }
    }),
  );
  return Math.round((performance.now() - started) / 100) / 10;
}

async function wrkMix(
  port: number,
  script: string,
  seconds: number,
  sites: ServedSite[],
  server: string,
): Promise<number> {
  const { stdout } = await run(
    'wrk',
    ['-t1', '-c50', `-d${seconds}s`, '-s', script, `http://127.0.0.1:${port}/`],
    { timeout: (seconds + 60) * 1000, maxBuffer: 16 * 1024 * 1024 },
  );
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1];
  const errors = /Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1];
  if (!rps) throw new Error(`wrk gave no figure:\n${stdout}`);
  if (errors) {
    const failed = await failingUrls(port, sites);
    throw new Error(
      `wrk saw ${errors} error responses from ${server} (port ${port}):\n${stdout}\n${failed.join('\n')}`,
    );
  }
  return Number(rps);
}

/** A server under the load, by name (for errors), port and the process whose tree is measured. */
export interface MixServer {
  name: string;
  port: number;
  pid: number;
}

/** The medians of alternating rounds of the same load against two servers, after a warm-up of each
 *  (no cold pass: see compareMix), and each one's memory. */
export async function alternateMix(options: {
  sites: ServedSite[];
  a: MixServer;
  b: MixServer;
  seconds: number;
  rounds: number;
  scriptDir: string;
}): Promise<{ a: number; b: number; ratio: number; aRssMb: number; bRssMb: number }> {
  const order = [...options.sites].sort((x, y) => hash(x.cvr).localeCompare(hash(y.cvr)));
  const hot = order
    .slice(0, 400)
    .flatMap((site) => site.pages.slice(0, 2).map((p) => ({ host: site.host, path: p })));
  const scripts: string[] = [];
  for (const server of [options.a, options.b]) {
    const script = path.join(options.scriptDir, `${server.name}.lua`);
    writeFileSync(script, wrkScript(options.sites, hot, await etagsOf(server.port, hot)));
    scripts.push(script);
    await wrkMix(server.port, script, Math.max(2, options.seconds), options.sites, server.name);
  }
  const [aScript, bScript] = scripts as [string, string];
  const a: number[] = [];
  const b: number[] = [];
  for (let round = 0; round < options.rounds; round++) {
    a.push(await wrkMix(options.a.port, aScript, options.seconds, options.sites, options.a.name));
    b.push(await wrkMix(options.b.port, bScript, options.seconds, options.sites, options.b.name));
  }
  return {
    a: Math.round(median(a)),
    b: Math.round(median(b)),
    ratio: Math.round((median(a) / median(b)) * 1000) / 1000,
    aRssMb: (await treeRssMb(options.a.pid)).total,
    bRssMb: (await treeRssMb(options.b.pid)).total,
  };
}

/** Alternating rounds of the same load against both servers; medians and their ratio. */
export async function compareMix(options: {
  sites: ServedSite[];
  ourPort: number;
  ourPid: number;
  nginxPort: number;
  nginxPid: number;
  seconds: number;
  rounds: number;
  scriptDir: string;
}): Promise<StaticMixFigures> {
  const order = [...options.sites].sort((a, b) => hash(a.cvr).localeCompare(hash(b.cvr)));
  // The most visited URLs: pages of the head of the distribution, which repeat visitors revalidate.
  const hot = order
    .slice(0, 400)
    .flatMap((site) => site.pages.slice(0, 2).map((p) => ({ host: site.host, path: p })));
  const ourScript = path.join(options.scriptDir, 'ours.lua');
  const nginxScript = path.join(options.scriptDir, 'nginx.lua');
  writeFileSync(ourScript, wrkScript(options.sites, hot, await etagsOf(options.ourPort, hot)));
  writeFileSync(nginxScript, wrkScript(options.sites, hot, await etagsOf(options.nginxPort, hot)));
  // First every URL once on each server, as a crawler after a rebuild would: ours compresses what it
  // serves the first time (and writes the copies beside the files), nginx was handed its copies. That
  // cold pass is timed on its own; then both warm with the measured load, and the rounds alternate.
  const oursColdSeconds = await crawlOnce(options.ourPort, options.sites);
  const nginxColdSeconds = await crawlOnce(options.nginxPort, options.sites);
  await wrkMix(options.ourPort, ourScript, Math.max(2, options.seconds), options.sites, 'ours');
  await wrkMix(options.nginxPort, nginxScript, Math.max(2, options.seconds), options.sites, 'nginx');
  const ours: number[] = [];
  const nginx: number[] = [];
  for (let round = 0; round < options.rounds; round++) {
    ours.push(await wrkMix(options.ourPort, ourScript, options.seconds, options.sites, 'ours'));
    nginx.push(await wrkMix(options.nginxPort, nginxScript, options.seconds, options.sites, 'nginx'));
  }
  const ourMemory = await treeRssMb(options.ourPid, 'web-process');
  const oursRps = median(ours);
  const nginxRps = median(nginx);
  return {
    sites: options.sites.length,
    urls: options.sites.reduce((sum, site) => sum + site.pages.length + site.assets.length, 0),
    ours: Math.round(oursRps),
    nginx: Math.round(nginxRps),
    ratio: Math.round((oursRps / nginxRps) * 1000) / 1000,
    oursRssMb: ourMemory.matched,
    oursPrimaryRssMb: ourMemory.total - ourMemory.matched,
    nginxRssMb: (await treeRssMb(options.nginxPid)).total,
    oursColdSeconds,
    nginxColdSeconds,
  };
}
