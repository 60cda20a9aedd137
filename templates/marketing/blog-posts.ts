// The five blog posts (the spec's Screens "Blog"), written as Markdown files in blog/ with front matter (id,
// title, excerpt, date Jan–Mar 2025, category), read when the marketing site is built and rendered by
// rules/page-content's safeMarkdown, the `marked` renderer owner text uses. The Markdown is ours, but
// it is rendered as carefully as owner text: raw HTML shows as text, images as their text, and a link
// keeps its href only when safeHref accepts it. Links are not rewritten as in a company site: the
// marketing site has one address.

import { danishLongDate } from '../../rules/danish-date';
import { safeHref, safeMarkdown } from '../../rules/page-content';

export interface BlogPost {
  id: number;
  title: string;
  excerpt: string;
  /** ISO date, YYYY-MM-DD. */
  date: string;
  category: string;
  /** The post's body as HTML, safe to output with set:html. */
  content: string;
}

const FIELDS = ['id', 'title', 'excerpt', 'date', 'category'] as const;
const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n/;

/**
 * Splits a post file into its front matter and its Markdown body. The front matter is one
 * `key: value` a line, the value taken as written (no YAML quoting or nesting: our posts need none).
 */
export function parseFrontMatter(source: string): { data: Record<string, string>; body: string } {
  const text = source.replace(/\r\n?/g, '\n');
  const match = FRONT_MATTER.exec(text);
  if (!match) throw new Error('a blog post must start with front matter between --- lines');
  const data: Record<string, string> = {};
  for (const line of (match[1] ?? '').split('\n')) {
    if (line.trim() === '') continue;
    const colon = line.indexOf(':');
    if (colon < 1) throw new Error(`front matter line without "key: value": ${line}`);
    data[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return { data, body: text.slice(match[0].length) };
}

/** A post's Markdown body as HTML: raw HTML escaped, images as their text, unsafe links as their text. */
export const renderBlogMarkdown = safeMarkdown({ gfm: true, linkHref: safeHref });

/** One post file (front matter and Markdown) as a post; throws on a missing or malformed field. */
export function parseBlogPost(source: string, file: string): BlogPost {
  const { data, body } = parseFrontMatter(source);
  for (const field of FIELDS) {
    if (!data[field]) throw new Error(`${file}: front matter has no ${field}`);
  }
  const id = Number(data.id);
  if (!Number.isInteger(id) || id < 1) throw new Error(`${file}: id must be a whole number of 1 or more`);
  const date = data.date as string;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`${file}: date must be YYYY-MM-DD`);
  return {
    id,
    title: data.title as string,
    excerpt: data.excerpt as string,
    date,
    category: data.category as string,
    content: renderBlogMarkdown(body),
  };
}

// Read by Vite when the templates are built (and by Vitest in tests).
const files = import.meta.glob<string>('./blog/*.md', { query: '?raw', import: 'default', eager: true });

export const BLOG_POSTS: readonly BlogPost[] = Object.entries(files)
  .map(([file, source]) => parseBlogPost(source, file))
  .sort((a, b) => a.id - b.id);

/** `2025-01-14` → `14. januar 2025`. */
export const formatBlogDate = danishLongDate;
