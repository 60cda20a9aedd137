// extractSiteInfo on realistic Danish craftsman pages: main text, logo, phone and e-mail.
import { describe, expect, it } from 'vitest';
import {
  extractSiteInfo,
  MAX_MAIN_CONTENT,
  normalizeDanishPhone,
  truncateText,
} from '../../api/onboarding/extract-site-info';

const CARPENTER = `<!doctype html>
<html lang="da">
<head>
  <meta charset="utf-8">
  <title>Hansen Tømrer &amp; Snedker ApS</title>
  <link rel="icon" href="/favicon.ico">
  <meta property="og:image" content="https://cdn.hansen-toemrer.dk/og.jpg">
  <style>.hero { color: red }</style>
  <script>window.dataLayer = []; var phone = "99 99 99 99";</script>
</head>
<body>
  <header>
    <a href="/"><img src="/img/hansen-logo.png" alt="Hansen Tømrer"></a>
    <nav><a href="/om">Om os</a> <a href="/kontakt">Kontakt</a></nav>
  </header>
  <main>
    <h1>Tømrer i Odense</h1>
    <p>Vi er et lokalt   tømrerfirma med
       mere end 25 års erfaring.</p>
    <p>Vi laver tage, vinduer, døre og <strong>tilbygninger</strong> &ndash; altid til tiden.</p>
    <ul><li>Nye tage</li><li>Renovering</li></ul>
    <form><label>Navn</label><input name="navn"><button>Send</button></form>
    <noscript>Slå JavaScript til</noscript>
  </main>
  <footer>
    <p>Hansen Tømrer &amp; Snedker ApS · CVR 31234567 · Ring på <a href="tel:+4522334455">+45 22 33 44 55</a></p>
    <p><a href="mailto:info@hansen-toemrer.dk?subject=Tilbud">info@hansen-toemrer.dk</a></p>
  </footer>
</body>
</html>`;

const PLUMBER = `<html><head>
  <link rel="apple-touch-icon" href="//static.vvs-jensen.dk/touch.png">
</head><body>
  <div id="top"><img src="/images/hero@2x.png" alt="Badeværelse"></div>
  <div class="content">
    <h2>VVS Jensen</h2>
    <p>Autoriseret VVS-installatør på Sjælland. Vi hjælper med badeværelser, fjernvarme og blokerede afløb.</p>
    <p>CVR-nr. 12345678</p>
    <p>Tlf. 0045 40 50 60 70 &middot; Skriv til kontakt@vvs-jensen.dk</p>
    <img src="/images/icon@2x.png">
  </div>
</body></html>`;

const PAINTER = `<html><head>
  <base href="https://www.malerfirma-berg.dk/da/">
  <meta property="og:image" content="billeder/deling.jpg">
</head><body>
  <article>
    <h1>Malerfirma Berg</h1>
    <p>Indvendig og udvendig maling. Kontakt os på 28 91 45 36.</p>
  </article>
  <aside>Skriv til berg@malerfirma-berg.dk</aside>
</body></html>`;

describe('extractSiteInfo', () => {
  it('reads a carpenter page: main text without navigation, form or scripts; logo, tel and mailto', () => {
    const info = extractSiteInfo(CARPENTER, 'https://www.hansen-toemrer.dk/forside');
    expect(info.mainContent).toBe(
      [
        'Tømrer i Odense',
        'Vi er et lokalt tømrerfirma med mere end 25 års erfaring.',
        'Vi laver tage, vinduer, døre og tilbygninger – altid til tiden.',
        'Nye tage',
        'Renovering',
      ].join('\n\n'),
    );
    expect(info.logo).toBe('https://www.hansen-toemrer.dk/img/hansen-logo.png');
    expect(info.phone).toBe('22 33 44 55');
    expect(info.email).toBe('info@hansen-toemrer.dk');
  });

  it('reads a plumber page without <main>: body text, touch icon, phone and e-mail from the text', () => {
    const info = extractSiteInfo(PLUMBER, 'http://vvs-jensen.dk/');
    expect(info.mainContent).toContain('VVS Jensen\n\nAutoriseret VVS-installatør på Sjælland.');
    expect(info.mainContent).not.toMatch(/\s{3,}/);
    expect(info.logo).toBe('http://static.vvs-jensen.dk/touch.png');
    // The CVR number is 8 digits too, but labelled: the phone is the next number.
    expect(info.phone).toBe('40 50 60 70');
    expect(info.email).toBe('kontakt@vvs-jensen.dk');
  });

  it('reads a painter page: <article> text, og:image against <base>, plain phone, e-mail outside main', () => {
    const info = extractSiteInfo(PAINTER, 'https://malerfirma-berg.dk/');
    expect(info.mainContent).toBe(
      'Malerfirma Berg\n\nIndvendig og udvendig maling. Kontakt os på 28 91 45 36.',
    );
    expect(info.logo).toBe('https://www.malerfirma-berg.dk/da/billeder/deling.jpg');
    expect(info.phone).toBe('28 91 45 36');
    expect(info.email).toBe('berg@malerfirma-berg.dk');
  });

  it('gives nulls and empty text for an empty page, and skips image-like addresses and bad logos', () => {
    expect(extractSiteInfo('', 'https://a.dk/')).toEqual({
      mainContent: '',
      logo: null,
      phone: null,
      email: null,
    });
    const info = extractSiteInfo(
      '<body><img class="site-logo" src="data:image/png;base64,AAAA"><img id="logo" src="javascript:alert(1)">' +
        '<p>Se logo@2x.png og 12 34</p></body>',
      'https://a.dk/',
    );
    expect(info.logo).toBeNull();
    expect(info.email).toBeNull();
    expect(info.phone).toBeNull();
  });

  it('cuts long text at a sentence near the limit', () => {
    const sentence = 'Vi bygger solide carporte og udestuer i hele Jylland. ';
    const html = `<main><p>${sentence.repeat(200)}</p></main>`;
    const { mainContent } = extractSiteInfo(html, 'https://a.dk/');
    expect(mainContent.length).toBeLessThanOrEqual(MAX_MAIN_CONTENT);
    expect(mainContent.length).toBeGreaterThan(MAX_MAIN_CONTENT * 0.9);
    expect(mainContent.endsWith('Jylland.')).toBe(true);
  });
});

describe('truncateText and normalizeDanishPhone', () => {
  it('cuts at a word with an ellipsis when there is no sentence end', () => {
    const cut = truncateText('ord '.repeat(50), 30);
    expect(cut.length).toBeLessThanOrEqual(30);
    expect(cut).toMatch(/^(ord )*ord…$/);
  });

  it('normalises Danish numbers and refuses others', () => {
    expect(normalizeDanishPhone('+45 12 34 56 78')).toBe('12 34 56 78');
    expect(normalizeDanishPhone('004512345678')).toBe('12 34 56 78');
    expect(normalizeDanishPhone('4512345678')).toBe('12 34 56 78');
    expect(normalizeDanishPhone('12-34-56-78')).toBe('12 34 56 78');
    expect(normalizeDanishPhone('+46 70 123 45 67')).toBeNull();
    expect(normalizeDanishPhone('1234')).toBeNull();
  });
});
