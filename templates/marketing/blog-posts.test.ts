// The blog posts as Markdown files: every file parses, and the renderer keeps headings, lists, links
// and emphasis while it shows raw HTML as text and drops unsafe link targets.
import { describe, expect, it } from 'vitest';
import {
  BLOG_POSTS,
  formatBlogDate,
  parseBlogPost,
  parseFrontMatter,
  renderBlogMarkdown,
} from './blog-posts';

describe('blog posts', () => {
  it('are the five posts, ids 1 to 5, dated January to March 2025', () => {
    expect(BLOG_POSTS.map((post) => post.id)).toEqual([1, 2, 3, 4, 5]);
    for (const post of BLOG_POSTS) {
      expect(post.date).toMatch(/^2025-0[1-3]-\d\d$/);
      expect(post.title).not.toBe('');
      expect(post.excerpt).not.toBe('');
      expect(post.category).not.toBe('');
      expect(post.content).toMatch(/^<p>/);
      expect(post.content).toContain('<h2>');
    }
    expect(BLOG_POSTS[0]?.title).toBe('Sådan bliver du fundet på Google i dit lokalområde');
    expect(BLOG_POSTS[3]?.content).toContain('<blockquote>\n<p>&quot;Jeg er glad for');
    expect(formatBlogDate('2025-01-14')).toBe('14. januar 2025');
  });

  it('reads front matter as one key: value a line, the value as written', () => {
    const { data, body } = parseFrontMatter(
      '---\nid: 7\ntitle: Tag: nyt eller reparation?\nexcerpt: "Citat" og mere\n---\n\nTekst\n',
    );
    expect(data).toEqual({ id: '7', title: 'Tag: nyt eller reparation?', excerpt: '"Citat" og mere' });
    expect(body).toBe('\nTekst\n');
    expect(() => parseFrontMatter('Tekst uden front matter')).toThrow(/front matter/);
  });

  it('refuses a post without a field or with a malformed id or date', () => {
    const post = (front: string) => parseBlogPost(`---\n${front}\n---\nTekst\n`, 'x.md');
    expect(() => post('id: 1\ntitle: T\nexcerpt: E\ndate: 2025-01-01')).toThrow(/no category/);
    expect(() => post('id: en\ntitle: T\nexcerpt: E\ndate: 2025-01-01\ncategory: C')).toThrow(/id/);
    expect(() => post('id: 1\ntitle: T\nexcerpt: E\ndate: 1. januar\ncategory: C')).toThrow(/date/);
  });

  it('renders headings, lists, links and emphasis', () => {
    const html = renderBlogMarkdown(
      '## Råd\n\n- **fed** og *kursiv*\n- [Kontakt](/kontakt) og [mail](mailto:a@b.dk)\n\n1. en\n2. to\n',
    );
    expect(html).toBe(
      '<h2>Råd</h2>\n<ul>\n<li><strong>fed</strong> og <em>kursiv</em></li>\n' +
        '<li><a href="/kontakt">Kontakt</a> og <a href="mailto:a@b.dk">mail</a></li>\n</ul>\n' +
        '<ol>\n<li>en</li>\n<li>to</li>\n</ol>\n',
    );
  });

  it('shows raw HTML as text, images as their text, and unsafe links as their text', () => {
    const html = renderBlogMarkdown(
      '<script>alert(1)</script>\n\nSe <b>her</b> ![et billede](https://x.dk/a.png) og [klik](javascript:alert(1)) og [data](data:text/html,x)\n',
    );
    expect(html).not.toMatch(/<script|<b>|<img|href=/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Se &lt;b&gt;her&lt;/b&gt; et billede og klik og data');
  });
});
