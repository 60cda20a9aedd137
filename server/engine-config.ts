// The nginx and Caddy configurations of the engine shape (issue 29, docs/deploy.md shape 4): the
// engine serves every file of a company site itself, from the host routing tree the app keeps
// (server/host-routes.ts), with the `.br`/`.gz` copies the generator writes at publish and the Node
// server's headers; everything else goes to the app (the Node front server, which answers it exactly as
// it does without an engine).
//
// What the engine answers on its own is deliberately narrow: the files of the site route table
// (`/`, `/<slug>`, `/sitemap.xml`, `/robots.txt`, `/404`) when they exist, an inactive site, an
// unknown host, a twin of a verified domain. A path the engine does not serve exactly as
// rules/request-target.ts would (percent-encoding, dot segments, double slashes, backslashes, any
// method but GET and HEAD, a missing page) goes to the app, so the rules stay in one place. (A missing
// page of a known site must reach the app: it may be an old address of a moved page, which the app
// answers with a 301 to the new one, server/moved-pages.ts.)
import path from 'node:path';
import { LEAD_FORM_MAX_BODY_BYTES } from '../api/images/upload-rules';
import { normalizeHost } from '../rules/domain';
import { SITE_NOT_FOUND_FILES } from '../rules/request-target';
import { INACTIVE_MARKER, ROUTE_FOLDERS, ROUTE_PAGES } from './host-routes';
import {
  CACHE_IMMUTABLE,
  CONTENT_SECURITY_POLICY,
  CONTENT_TYPES,
  STRICT_TRANSPORT_SECURITY,
} from './static-headers';

export interface EngineSettings {
  /** PUBLIC_HOST, with or without port. */
  publicHost: string;
  /** STORAGE_DIR, absolute. */
  storageDir: string;
  /** The app (the Node front server) as `host:port`. */
  app: string;
  /** The port the engine listens on. */
  listen: number;
  /** Caddy only: a second, https port with on-demand certificates from Caddy's own CA (tests). */
  tlsInternalPort?: number;
  /** nginx only: the brotli module's file; Debian's by default. */
  brotliModule?: string;
  /** The page-view log server/engine-visits.ts reads (ENGINE_ACCESS_LOG); none when absent. */
  accessLog?: string;
  /** nginx only: the marketing build (`dist/site/client`), whose content-hashed `/_astro/` files
   *  (the trade scenes every site shows) the engine serves itself; the app serves them when absent. */
  assetsDir?: string;
}

const DEBIAN_BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
/** A raw request path the engine does not serve itself: percent-encoding, a backslash, `//`, a dot segment. */
const RAW_PATH_FOR_APP = String.raw`^[^?]*(?:%|\\\\|//|/\.)`;
/** Product pages a company host shows (rules/request-target.ts PRODUCT_PAGE_PATH): the app's. */
const PRODUCT_PAGES = ['/privacy', '/faq', '/blog'];
const MAIN_ALIASES = ['localhost', 'www.localhost', '127.0.0.1', '[::1]'];
const TEXT_CACHE = 'no-cache';
/**
 * Whether a request came over TLS, as the app decides it (api/middleware/client-address.ts
 * cameOverTls): the engine's own https, or a TLS terminator on this machine (loopback, the address
 * the app's TRUST_PROXY names for the engine) whose last X-Forwarded-Proto entry is https. HTML
 * answers then carry HSTS, and the app is told the same scheme, so its own pages agree.
 */
const TRUSTED_PEERS = ['127.0.0.1', '::1'];
const FORWARDED_HTTPS = String.raw`(?:.*,)?\s*[hH][tT][tT][pP][sS]\s*$`;

function regexEscape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every content type of the Node server (server/static-headers.ts), by extension. */
function siteTypes(): [string, string][] {
  return [...CONTENT_TYPES.entries()];
}

/** A built `/_astro/` file (rules/request-target.ts ASSET_PATH) of a type the Node server knows. */
function assetPattern(): string {
  const extensions = [...CONTENT_TYPES.keys()].filter((extension) => extension !== 'html');
  return String.raw`^/_astro/[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}\.(?:${extensions.map(regexEscape).join('|')})$`;
}

/** Uploaded images and logos (rules/request-target.ts MEDIA_PATH), a name never reused. */
const MEDIA_PATTERN = String.raw`^/media/((?:images|logos)/[0-9]{8}/[a-z0-9][a-z0-9-]{0,99}\.(?:webp|jpg|png))$`;

/** What nginx.conf's blocks share: the names, the folders, the header lines and the site's locations. */
interface NginxParts {
  name: string;
  routes: string;
  hosts: string;
  mainNames: string[];
  subdomainPattern: string;
  types: string;
  html: string;
  text: string;
  viewLog: string;
  pageLog: string;
  mediaLocation: string;
  assetLocation: string;
  /** The locations of a company host: the site's files from the routing tree, the rest to the app. */
  siteLocations: (missing: string) => string;
}

function nginxParts(settings: EngineSettings): NginxParts {
  const name = normalizeHost(settings.publicHost);
  const routes = path.join(settings.storageDir, 'routes');
  const hosts = `${routes}/${ROUTE_FOLDERS.hosts}`;
  const mainNames = [...new Set([name, `www.${name}`, ...MAIN_ALIASES])];
  const subdomainPattern = `~^(?<label>[a-z0-9-]+)\\.(?:${regexEscape(name)}|localhost)$`;
  const types = siteTypes()
    .map(([extension, type]) => `        "${type}" ${extension};`)
    .join('\n');
  const html = headers('nginx', { cache: TEXT_CACHE, html: true });
  const text = headers('nginx', { cache: TEXT_CACHE, html: false });
  // Page views (server/engine-visits.ts): one line per page served from a site folder, logged in
  // the page locations only.
  const viewLog = settings.accessLog
    ? `    log_format mesterside_views escape=json '{"cvr":"$cvr","host":"$site_host","file":"$uri","status":"$status","method":"$request_method","ua":"$http_user_agent","purpose":"$http_sec_purpose$http_purpose$http_x_moz"}';`
    : '';
  const pageLog = settings.accessLog
    ? `\n            access_log ${settings.accessLog} mesterside_views;`
    : '';
  // /media on every host, as server/media.ts: immutable for a year, never compressed; a missing
  // one is the app's (a plain 404).
  const mediaLocation = `
        location ~ "${MEDIA_PATTERN.replace('^/media/((?:', '^/media/(?<media>(?:')}" {
            root ${settings.storageDir};
            disable_symlinks if_not_owner;
            gzip_static off;
            brotli_static off;
            try_files /$media @app;
            add_header Cache-Control "${CACHE_IMMUTABLE}" always;
            add_header X-Content-Type-Options "nosniff" always;
        }`;

  // The marketing build's content-hashed files, on every host as the Node server serves them
  // (immutable for a year; the scenes' .br/.gz copies written by the build); a missing one is the app's.
  const assetLocation = settings.assetsDir
    ? `
        location ~ "${assetPattern()}" {
            root ${settings.assetsDir};
            try_files $uri @app;
            add_header Cache-Control "${CACHE_IMMUTABLE}" always;
            add_header X-Content-Type-Options "nosniff" always;
        }`
    : '';
  // The locations of a company host: the site's files from the routing tree, the rest to the app.
  const siteLocations = (missing: string) => `
        root ${hosts}/$site_host;
        # Symlinks lead to the site (routes/hosts → routes/cvr → sites/<cvr> → its build), all the
        # app's own. A symlink planted inside a build is removed by the app before it routes the site
        # (server/host-routes.ts). \`disable_symlinks if_not_owner\` would refuse one here too, but
        # together with open_file_cache it made brotli_static fall back to gzip on some requests
        # (a changing ETag, no 304), and without the cache it cost half the throughput.
        location = / {
            try_files /index.html ${missing};${pageLog}
${html}
        }
        location ~ "^/[a-z0-9-]{1,100}$" {
            try_files $uri.html ${missing};${pageLog}
${html}
        }
        location ~ "^/(?:sitemap\\.xml|robots\\.txt)$" {
            try_files $uri ${missing};
${text}
        }
        location = /404 {
            error_page 404 @site_404;
            return 404;
        }
        location @site_404 {
            try_files /${SITE_NOT_FOUND_FILES.host} ${missing};
${html}
        }
${PRODUCT_PAGES.map((page) => `        location = ${page} { proxy_pass http://mesterside_app; }`).join('\n')}${mediaLocation}${assetLocation}
        location / {
            proxy_pass http://mesterside_app;
        }`;
  return {
    name,
    routes,
    hosts,
    mainNames,
    subdomainPattern,
    types,
    html,
    text,
    viewLog,
    pageLog,
    mediaLocation,
    assetLocation,
    siteLocations,
  };
}

/** A whole nginx.conf, runnable unprivileged as `nginx -p DIR -c FILE -g 'daemon off;'`. */
export function nginxConfig(settings: EngineSettings): string {
  const parts = nginxParts(settings);
  const { types, viewLog } = parts;
  return `# Generated by \`npm run proxy-config -- nginx\` for PUBLIC_HOST=${settings.publicHost},
# STORAGE_DIR=${settings.storageDir}, the app at ${settings.app}. Do not edit: generate it again.
# Runs unprivileged: nginx -p DIR -c FILE -g 'daemon off;' (DIR holds the pid and temp files).
# The app runs with TRUST_PROXY=127.0.0.1,::1 (or this machine's address) behind it.
load_module ${settings.brotliModule ?? DEBIAN_BROTLI_MODULE};
worker_processes auto;
# The file cache below plus two per proxied connection (a hard limit under this is logged at start).
worker_rlimit_nofile 20000;
pid nginx.pid;
error_log stderr warn;

events {
    worker_connections 4096;
}

http {
    client_body_temp_path client_body_temp;
    proxy_temp_path proxy_temp;
    fastcgi_temp_path fastcgi_temp;
    uwsgi_temp_path uwsgi_temp;
    scgi_temp_path scgi_temp;
    access_log off;
${viewLog}
    sendfile on;
    tcp_nopush on;
    keepalive_timeout 65;
    keepalive_requests 10000;
    # Served files stay open with what was checked about them, as the bench's hand-written nginx
    # does (static_mix_engine_vs_reference). A publish or a route change is seen within
    # open_file_cache_valid; a missing file is never cached, so a new site or domain answers at once.
    open_file_cache max=15000 inactive=60s;
    open_file_cache_valid 1s;
    open_file_cache_errors off;
    server_tokens off;
    absolute_redirect off;
    # Errors raised while an error page is chosen (an inactive site's /404) are answered too.
    recursive_error_pages on;
    # Uploads: the API refuses bodies over its own limits with a Danish message; let the largest it
    # takes (a quote form with its photos) reach it, whether sent with a length or in chunks.
    client_max_body_size ${Math.ceil(LEAD_FORM_MAX_BODY_BYTES / 1024 / 1024) + 1}m;
    # The Node server's content types (server/static-headers.ts) for the files served here.
    types {
${types}
    }
    default_type application/octet-stream;
    charset off;
    etag on;
    gzip off;
    gzip_static on;
    brotli_static on;
    gzip_vary on;

    upstream mesterside_app {
        server ${settings.app};
        keepalive 32;
    }

    # Where a custom domain's twin (www. ↔ apex) would lead: a verified twin is redirected to.
    map $host $domain_twin {
        "~^www\\.(?<apex>.+)$" $apex;
        default www.$host;
    }
    # Only a plain DNS name is looked up in the tree.
    map $host $domain_route {
        "~^[a-z0-9][a-z0-9.-]*$" $host;
        default "-";
    }

    # Over TLS (see TRUSTED_PEERS in server/engine-config.ts): HTML answers carry HSTS, and the app
    # hears the same scheme.
    geo $mesterside_trusted_peer {
        default 0;
${TRUSTED_PEERS.map((peer) => `        ${peer} 1;`).join('\n')}
    }
    map "$scheme|$mesterside_trusted_peer|$http_x_forwarded_proto" $mesterside_proto {
        "~^https\\|" https;
        "~^http\\|1\\|${FORWARDED_HTTPS}" https;
        default http;
    }
    map $mesterside_proto $mesterside_hsts {
        https "${STRICT_TRANSPORT_SECURITY}";
        default "";
    }

    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Real-IP $remote_addr;
    proxy_set_header X-Forwarded-Proto $mesterside_proto;
    proxy_redirect off;

${nginxMainServer(settings, parts)}

${nginxSubdomainServer(settings, parts)}

${nginxDomainServer(settings, parts)}
}
`;
}

/** The product's own host: marketing pages, /api, /admin, /onboarding; /<cvr>/… sites; /media. */
function nginxMainServer(settings: EngineSettings, parts: NginxParts): string {
  const { routes, mainNames, html, text, pageLog, mediaLocation, assetLocation } = parts;
  return `    # The product's own host: marketing pages, /api, /admin, /onboarding from the app; /<cvr>/…
    # company sites from the routing tree; /media from STORAGE_DIR.
    server {
        listen ${settings.listen};
        server_name ${mainNames.join(' ')};
        set $site_host "";
        error_page 419 = @app;
        if ($request_method !~ ^(?:GET|HEAD)$) { return 419; }
        if ($request_uri ~ "${RAW_PATH_FOR_APP}") { return 419; }

        location ~ "^/(?<cvr>[0-9]{8})/404$" {
            error_page 404 @path_404;
            return 404;
        }
        location ~ "^/(?<cvr>[0-9]{8})/$" {
            root ${routes}/${ROUTE_FOLDERS.cvr}/$cvr;
            try_files /index.html @path_missing;${pageLog}
${html}
        }
        location ~ "^/(?<cvr>[0-9]{8})/(?<file>[a-z0-9-]{1,100})$" {
            root ${routes}/${ROUTE_FOLDERS.cvr}/$cvr;
            try_files /$file.html @path_missing;${pageLog}
${html}
        }
        location ~ "^/(?<cvr>[0-9]{8})/(?<file>sitemap\\.xml|robots\\.txt)$" {
            root ${routes}/${ROUTE_FOLDERS.cvr}/$cvr;
            try_files /$file @path_missing;
${text}
        }
        location @path_404 {
            root ${routes}/${ROUTE_FOLDERS.cvr}/$cvr;
            try_files /${SITE_NOT_FOUND_FILES.path} @path_missing;
${html}
        }
        location @path_missing {
            root ${routes}/${ROUTE_FOLDERS.cvr}/$cvr;
            error_page 419 = @app;
            error_page 503 @inactive;
            if (-f $document_root/${INACTIVE_MARKER}) { return 503; }
            proxy_pass http://mesterside_app$request_uri;
        }
${fallbackLocations(routes)}${mediaLocation}${assetLocation}
        location / {
            proxy_pass http://mesterside_app;
        }
        location @app {
            proxy_pass http://mesterside_app$request_uri;
        }
    }`;
}

/** Company subdomains (routes/hosts/<label>.<PUBLIC_HOST>). */
function nginxSubdomainServer(settings: EngineSettings, parts: NginxParts): string {
  const { name, routes, subdomainPattern, siteLocations } = parts;
  return `    # Company subdomains: routes/hosts/<label>.${name} (and <label>.localhost, as the Node server).
    server {
        listen ${settings.listen};
        server_name "${subdomainPattern}";
        set $site_host $label.${name};
        error_page 419 = @app;
        if ($label = www) { return 419; }
        if ($request_method !~ ^(?:GET|HEAD)$) { return 419; }
        if ($request_uri ~ "${RAW_PATH_FOR_APP}") { return 419; }
${siteLocations('@site_missing')}
        # No such file: an inactive site, an unknown subdomain (the same 404 page as an unknown
        # domain), or a page the app decides about (a missing one: the site's 404 page, issue 49).
        location @site_missing {
            error_page 419 = @app;
            error_page 503 @inactive;
            error_page 404 @domain_404;
            if (-f $document_root/${INACTIVE_MARKER}) { return 503; }
            if (-d $document_root) { return 419; }
            return 404;
        }
${fallbackLocations(routes)}
        location @app {
            proxy_pass http://mesterside_app$request_uri;
        }
    }`;
}

/** Every other host: an owner's verified custom domain, its twin, or nobody's. */
function nginxDomainServer(settings: EngineSettings, parts: NginxParts): string {
  const { routes, hosts, siteLocations } = parts;
  return `    # Every other host: an owner's verified custom domain, its twin, or nobody's.
    server {
        listen ${settings.listen} default_server;
        server_name _;
        set $site_host $domain_route;
        error_page 419 = @app;
        if ($request_method !~ ^(?:GET|HEAD)$) { return 419; }
        if ($request_uri ~ "${RAW_PATH_FOR_APP}") { return 419; }
${siteLocations('@domain_missing')}
        location @domain_missing {
            error_page 419 = @app;
            error_page 420 = @twin;
            error_page 503 @inactive;
            error_page 404 @domain_404;
            if (-f $document_root/${INACTIVE_MARKER}) { return 503; }
            if (-d $document_root) { return 419; }
            if (-d ${hosts}/$domain_twin) { return 420; }
            return 404;
        }
        location @twin {
            add_header Cache-Control "public, max-age=3600" always;
            return 301 https://$domain_twin$request_uri;
        }
${fallbackLocations(routes)}
        location @app {
            proxy_pass http://mesterside_app$request_uri;
        }
    }`;
}

/** The Node server's own pages (routes/pages) with its headers: 503 inactive, the domain 404. */
function fallbackLocations(routes: string): string {
  const fixed = headers('nginx', { cache: 'no-store', html: true });
  const page = (name: string, file: string) => `        location @${name} {
            root ${routes}/${ROUTE_FOLDERS.pages};
            etag off;
            gzip_static off;
            brotli_static off;
            add_header Last-Modified "";
            try_files /${file} =500;
${fixed}
        }`;
  return [page('inactive', ROUTE_PAGES.inactive), page('domain_404', ROUTE_PAGES.domainNotFound)].join('\n');
}

/**
 * The response headers of server/static-headers.ts for one kind of file, in one engine's syntax
 * (Caddy's lines go inside a `header` block; its HSTS line is caddyHsts(), beside the block).
 */
function headers(engine: 'nginx' | 'caddy', kind: { cache: string; html: boolean }): string {
  const list: [string, string][] = [
    ['Cache-Control', kind.cache],
    ['X-Content-Type-Options', 'nosniff'],
  ];
  if (kind.html) {
    list.push(
      ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
      ['Referrer-Policy', 'strict-origin-when-cross-origin'],
      ['X-Frame-Options', 'SAMEORIGIN'],
    );
  }
  if (engine === 'nginx') {
    const lines = list.map(([key, value]) => `            add_header ${key} "${value}" always;`);
    // An empty value (not over TLS) adds no header.
    if (kind.html) lines.push('            add_header Strict-Transport-Security $mesterside_hsts always;');
    return lines.join('\n');
  }
  return list.map(([key, value]) => `\t\t\t${key} "${value}"`).join('\n');
}

/** Caddy: HSTS on this answer when the request came over TLS (`mesterside_tls`, set by the route's map). */
function caddyHsts(indent: string): string {
  return `${indent}@hsts vars {mesterside_tls} yes
${indent}header @hsts Strict-Transport-Security "${STRICT_TRANSPORT_SECURITY}"`;
}

/** What the Caddyfile's blocks share: the names, the folders, and the writers of its repeated parts. */
interface CaddyParts {
  name: string;
  routes: string;
  hosts: string;
  app: string;
  mainNames: string[];
  /** `reverse_proxy` to the app for `matcher`, a trusted peer's X-Forwarded-Proto kept. */
  proxy: (matcher: string) => string;
  /** The page of routes/pages with the Node server's status and headers. */
  page: (file: string, status: number) => string;
  /** The files of one site folder (caddySiteFiles). */
  site: (id: string, root: string, prefix: string, missing: string) => string;
  exists: (root: string, target: string) => string;
  inactive: (root: string) => string;
  known: (root: string) => string;
  subRoot: string;
  domainRoot: string;
  pathRoot: string;
}

function caddyParts(settings: EngineSettings): CaddyParts {
  const name = normalizeHost(settings.publicHost);
  const routes = path.join(settings.storageDir, 'routes');
  const hosts = `${routes}/${ROUTE_FOLDERS.hosts}`;
  const app = settings.app;
  const mainNames = [...new Set([name, `www.${name}`, 'localhost', 'www.localhost', '127.0.0.1'])];
  const html = headers('caddy', { cache: TEXT_CACHE, html: true });
  const text = headers('caddy', { cache: TEXT_CACHE, html: false });
  const fixed = headers('caddy', { cache: 'no-store', html: true });
  // A trusted peer's X-Forwarded-Proto (and -For) reach the app as it sent them, the rest are replaced.
  const proxy = (matcher: string) => `reverse_proxy ${matcher} ${app} {
			header_up X-Real-IP {remote_host}
			trusted_proxies ${TRUSTED_PEERS.map((peer) => (peer.includes(':') ? `${peer}/128` : `${peer}/32`)).join(' ')}
		}`;
  // The page of routes/pages with the Node server's status and headers.
  const page = (file: string, status: number) => `root * ${routes}/${ROUTE_FOLDERS.pages}
			rewrite * /${file}
			header {
${fixed.replace(/^/gm, '\t')}
				-ETag
				-Last-Modified
			}
${caddyHsts('\t\t\t')}
			file_server {
				status ${status}
			}`;
  // The files of one site folder `root`; `prefix` is `/<cvr>` in path mode; `missing` answers a miss.
  const site = (id: string, root: string, prefix: string, missing: string) =>
    caddySiteFiles(settings, { html, text, proxy }, { id, root, prefix, missing });
  const exists = (root: string, target: string) => `file {
					root ${root}
					try_files ${target}
				}`;
  const inactive = (root: string) => `				@inactive ${exists(root, `/${INACTIVE_MARKER}`)}
				handle @inactive {
			${page(ROUTE_PAGES.inactive, 503).replace(/^/gm, '\t')}
				}`;
  const known = (root: string) => `				@known ${exists(root, '/')}
				handle @known {
					rewrite * {http.request.orig_uri}
					${proxy('')}
				}`;
  const subRoot = `${hosts}/{re.sub.1}.${name}`;
  const domainRoot = `${hosts}/{host}`;
  const pathRoot = `${routes}/${ROUTE_FOLDERS.cvr}/{re.cvr.1}`;
  return {
    name,
    routes,
    hosts,
    app,
    mainNames,
    proxy,
    page,
    site,
    exists,
    inactive,
    known,
    subRoot,
    domainRoot,
    pathRoot,
  };
}

/** The files of one site folder `root`; `prefix` is `/<cvr>` in path mode; `missing` answers a miss. */
function caddySiteFiles(
  settings: EngineSettings,
  { html, text, proxy }: { html: string; text: string; proxy: (matcher: string) => string },
  { id, root, prefix, missing }: { id: string; root: string; prefix: string; missing: string },
): string {
  const file = (kind: string, match: string, target: string, type: string, status = 200) => {
    const statusLine = status === 200 ? '' : `\n\t\t\t\t\tstatus ${status}`;
    // A page served from the folder is the one request logged (server/engine-visits.ts).
    const logged =
      settings.accessLog && (kind === 'home' || kind === 'page') ? '\n\t\t\t\tvars skip_log false' : '';
    return `
		@${id}_${kind} path_regexp ${id}_${kind} ${match}
		handle @${id}_${kind} {
			root * ${root}
			@present file {
				root ${root}
				try_files ${target}
			}
			handle @present {${logged}
				rewrite * ${target}
				header {
					Content-Type "${type}"
${(type.startsWith('text/html') ? html : text).replace(/^/gm, '\t')}
				}${type.startsWith('text/html') ? `\n${caddyHsts('\t\t\t\t')}` : ''}
				@sidecars file {
					root ${root}
					try_files ${target}.gz
				}
				handle @sidecars {
					# As the Node server: a file with variants varies, whichever one is sent (once:
					# deferred, it replaces the one file_server adds to a compressed body).
					header {
						defer
						Vary Accept-Encoding
					}
					file_server {
						precompressed br gzip${statusLine}
					}
				}
				handle {
					file_server {${statusLine}
					}
				}
			}
			handle {
${missing}
			}
		}`;
  };
  const type = (extension: string) => CONTENT_TYPES.get(extension) as string;
  return [
    prefix === ''
      ? `
		@${id}_product path ${PRODUCT_PAGES.join(' ')}
		handle @${id}_product {
			${proxy('')}
		}`
      : '',
    file('home', `^${prefix}/$`, '/index.html', type('html')),
    file(
      'notfound',
      `^${prefix}/404$`,
      `/${prefix === '' ? SITE_NOT_FOUND_FILES.host : SITE_NOT_FOUND_FILES.path}`,
      type('html'),
      404,
    ),
    file('page', `^${prefix}/([a-z0-9-]{1,100})$`, `/{re.${id}_page.1}.html`, type('html')),
    file('sitemap', `^${prefix}/sitemap\\.xml$`, '/sitemap.xml', type('xml')),
    file('robots', `^${prefix}/robots\\.txt$`, '/robots.txt', type('txt')),
  ].join('');
}

/** Page views (server/engine-visits.ts): Caddy's JSON access log without the visitor's address or
 *  credentials, written only for the pages served from a site folder (skip_log everywhere else). */
function caddyViewLog(settings: EngineSettings): string {
  return settings.accessLog
    ? `
	log {
		output file ${settings.accessLog}
		format filter {
			wrap json
			fields {
				request>remote_ip delete
				request>remote_port delete
				request>headers>Cookie delete
				request>headers>Authorization delete
				request>headers>Referer delete
				request>headers>X-Forwarded-For delete
				request>headers>X-Real-Ip delete
				resp_headers delete
				user_id delete
			}
		}
	}`
    : '';
}

/** The `(mesterside)` snippet every site block imports: the log, the odd requests, /media, the three kinds of host. */
function caddyRoutes(settings: EngineSettings, parts: CaddyParts): string {
  const {
    name,
    hosts,
    mainNames,
    proxy,
    page,
    site,
    exists,
    inactive,
    known,
    subRoot,
    domainRoot,
    pathRoot,
  } = parts;
  const viewLog = caddyViewLog(settings);
  return `(mesterside) {${viewLog}
	route {${settings.accessLog ? '\n\t\tskip_log' : ''}
		# Over TLS (see TRUSTED_PEERS in server/engine-config.ts): HTML answers carry HSTS.
		map {http.request.scheme}|{http.request.remote.host}|{http.request.header.X-Forwarded-Proto} {mesterside_tls} {
			~^https\\| yes
			~^http\\|(?:${TRUSTED_PEERS.map(regexEscape).join('|')})\\|${FORWARDED_HTTPS} yes
			default no
		}
		# What the engine does not serve exactly as the app would goes to the app: other methods,
		# unusual Host headers, percent-encoding, backslashes, '//' and dot segments.
		@odd_method not method GET HEAD
		${proxy('@odd_method')}
		@odd_host not header_regexp Host ^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(?::[0-9]+)?$
		${proxy('@odd_host')}
		@odd_path vars_regexp {http.request.orig_uri} ${RAW_PATH_FOR_APP.replaceAll('\\\\\\\\', '\\\\')}
		${proxy('@odd_path')}

		# /media on every host, as server/media.ts; a missing file is the app's 404.
		@media path_regexp media ${MEDIA_PATTERN}
		handle @media {
			@media_present file {
				root ${settings.storageDir}
				try_files /{re.media.1}
			}
			handle @media_present {
				root * ${settings.storageDir}
				rewrite * /{re.media.1}
				header {
					Cache-Control "${CACHE_IMMUTABLE}"
					X-Content-Type-Options "nosniff"
				}
				file_server
			}
			handle {
				${proxy('')}
			}
		}

		# The product's own host: /<cvr>/… from the routing tree, the rest from the app.
		@main host ${mainNames.join(' ')}
		handle @main {
			@cvr path_regexp cvr ^/([0-9]{8})/
			handle @cvr {
${site(
  'p',
  pathRoot,
  '/[0-9]{8}',
  `${inactive(pathRoot)}
				handle {
					rewrite * {http.request.orig_uri}
					${proxy('')}
				}`,
).replace(/^/gm, '\t\t')}
			}
			handle {
				${proxy('')}
			}
		}

		# Company subdomains: routes/hosts/<label>.${name} (and <label>.localhost).
		@sub header_regexp sub Host ^([a-z0-9-]+)\\.(?:${regexEscape(name)}|localhost)(?::[0-9]+)?$
		handle @sub {
${site(
  's',
  subRoot,
  '',
  `${inactive(subRoot)}
${known(subRoot)}
				handle {
				${page(ROUTE_PAGES.domainNotFound, 404).replace(/^/gm, '\t')}
				}`,
).replace(/^/gm, '\t')}
			handle {
				${proxy('')}
			}
		}

		# Every other host: a verified custom domain, its twin, or nobody's.
		handle {
			map {host} {twin} {
				~^www\\.(.+)$ "\${1}"
				default "www.{host}"
			}
${site(
  'd',
  domainRoot,
  '',
  `${inactive(domainRoot)}
${known(domainRoot)}
				@twin ${exists(`${hosts}/{twin}`, '/')}
				handle @twin {
					header Cache-Control "public, max-age=3600"
					redir https://{twin}{http.request.orig_uri} 301
				}
				handle {
				${page(ROUTE_PAGES.domainNotFound, 404).replace(/^/gm, '\t')}
				}`,
).replace(/^/gm, '\t')}
			handle {
				${proxy('')}
			}
		}
	}
}`;
}

/** The site blocks: on 443 the product's names, its subdomains and on-demand domains; else plain HTTP. */
function caddySites(settings: EngineSettings, { name, mainNames }: CaddyParts): string {
  const tls = settings.listen === 443;
  const sites = tls
    ? `${mainNames.slice(0, 2).join(', ')} {
	import mesterside
}

# Subdomains need a wildcard certificate (a DNS provider module): see server/Caddyfile.example.
*.${name} {
	import mesterside
}

https:// {
	tls {
		on_demand
	}
	import mesterside
}`
    : `http://:${settings.listen} {
	import mesterside
}`;
  const internal =
    settings.tlsInternalPort === undefined
      ? ''
      : `

https://:${settings.tlsInternalPort} {
	tls internal {
		on_demand
	}
	import mesterside
}`;
  return `${sites}${internal}`;
}

/**
 * A whole Caddyfile with the same answers as nginxConfig. On port 443 every host gets a certificate:
 * the product's own names automatically, owners' domains on demand once `/_tls/ask` says yes
 * (subdomains need a wildcard certificate: see server/Caddyfile.example). Any other port serves
 * plain HTTP (behind a TLS terminator, or in tests); `tlsInternalPort` adds an https port with
 * Caddy's own CA.
 */
export function caddyConfig(settings: EngineSettings): string {
  const parts = caddyParts(settings);
  const { app } = parts;
  const tls = settings.listen === 443;
  return `# Generated by \`npm run proxy-config -- caddy\` for PUBLIC_HOST=${settings.publicHost},
# STORAGE_DIR=${settings.storageDir}, the app at ${app}. Do not edit: generate it again.
# Run: caddy run --config FILE --adapter caddyfile. The app runs with TRUST_PROXY=127.0.0.1,::1.
{
	admin off
	skip_install_trust
	${tls ? '' : 'auto_https disable_redirects'}
	# Owners' domains get a certificate on their first visit, once the app says the domain is a
	# company's verified domain (or its twin).
	on_demand_tls {
		ask http://${app}/_tls/ask
	}
}

${caddyRoutes(settings, parts)}

${caddySites(settings, parts)}
`;
}
