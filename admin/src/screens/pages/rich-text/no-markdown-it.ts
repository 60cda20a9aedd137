// Stands in for `markdown-it` in the admin build (admin/vite.config.ts aliases it here). The editor
// uses only prosemirror-markdown's serializer and reads stored text with the site's own `marked`
// (parse-markdown.ts); prosemirror-markdown's single module still builds a default markdown-it parser
// when it loads, which would add 47 KB gzipped to the editor's chunk (measured: 112.4 → 159.9 KB).
// Calling it is a mistake this makes loud.
// biome-ignore lint/style/noDefaultExport: it stands in for markdown-it, whose module has one default export
export default function markdownIt(): never {
  return new Proxy({} as never, {
    get() {
      throw new Error('markdown-it is not bundled in the admin: page text is read with marked');
    },
  });
}
