// @ts-check
// Build-time patch of Astro's attribute escaping (runtime/server/render/util.js in astro 5.18.2):
// 1. Astro writes a value that parses as an http(s) URL and contains `&` with NO escaping at all, so
//    an owner's link like `https://x.dk/?a&" onmouseover="…` would break out of its attribute. This is
//    the fix of withastro/astro#15740 (merged for Astro 6, which needs Node 22), backported.
// 2. Astro escapes only `&` and `"` in attribute values; we also escape `<` and `>`, as React does, so
//    owner text such as `<script>` never appears raw anywhere in a page.
// generator/astro-renderer.test.ts checks both on hostile fixtures; drop this file once Astro does it.

const RUNTIME_FILE = /\/astro\/dist\/runtime\/server\/render\/util\.js$/;
const UNESCAPED_URL_CASE = 'if (typeof value === "string" && value.includes("&") && isHttpUrl(value)) {';
const ESCAPE_FUNCTION =
  'const toAttributeString = (value, shouldEscape = true) => shouldEscape ? String(value).replace(AMPERSAND_REGEX, "&#38;").replace(DOUBLE_QUOTE_REGEX, "&#34;") : value;';
const STRICTER_ESCAPE_FUNCTION =
  'const toAttributeString = (value, shouldEscape = true) => shouldEscape ? String(value).replace(AMPERSAND_REGEX, "&#38;").replace(DOUBLE_QUOTE_REGEX, "&#34;").replace(/</g, "&#60;").replace(/>/g, "&#62;") : value;';

/** @returns {import('vite').Plugin} */
export function escapeAttributes() {
  return {
    name: 'mesterside:escape-attributes',
    enforce: 'pre',
    transform(code, id) {
      if (!RUNTIME_FILE.test(id.split('?')[0] ?? '')) return null;
      if (!code.includes(UNESCAPED_URL_CASE) || !code.includes(ESCAPE_FUNCTION)) {
        this.error(
          `Astro's attribute escaping changed (${id}); check templates/build/escape-attributes.mjs still applies.`,
        );
      }
      return {
        code: code
          .replace(UNESCAPED_URL_CASE, 'if (false) {')
          .replace(ESCAPE_FUNCTION, STRICTER_ESCAPE_FUNCTION),
        map: null,
      };
    },
  };
}
