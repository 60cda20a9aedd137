import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html';

describe('escapeHtml', () => {
  it('turns every character that could end a text or an attribute into its entity', () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;',
    );
  });

  it('escapes an ampersand once, so an entity typed by a user stays text', () => {
    expect(escapeHtml('&amp; &lt;b&gt;')).toBe('&amp;amp; &amp;lt;b&amp;gt;');
  });

  it('leaves Danish letters, emoji and other text as it is', () => {
    expect(escapeHtml('Ærø Tømrer & Søn ApS 🙂')).toBe('Ærø Tømrer &amp; Søn ApS 🙂');
    expect(escapeHtml('')).toBe('');
  });
});
