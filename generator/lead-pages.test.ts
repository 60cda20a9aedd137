// The generated thank-you and privacy pages (issue 25) name the company's number the Danish way, as
// the Kontakt section beside them does: a number from the CVR registry comes as eight digits.
import { describe, expect, it } from 'vitest';
import { FIXTURE_SITES } from '../tests/fixtures/sites';
import { privacyPage, thanksPage } from './lead-pages';

const company = { ...FIXTURE_SITES.tomrer.company, phone: '12345600', email: 'info@example.dk' };

describe('the quote form pages', () => {
  it('write the phone number in pairs', () => {
    expect(thanksPage(company).content).toContain('ringe til os på [12 34 56 00](tel:+4512345600).');
    expect(privacyPage(company).content).toContain('på info@example.dk eller 12 34 56 00.');
  });

  it('leave the number out when the company has none', () => {
    const none = { ...company, phone: '', email: '' };
    expect(thanksPage(none).content).toContain('velkommen til at ringe til os.');
    expect(privacyPage(none).content).toContain('Skriv eller ring til os.');
    // Issue 41: what a review request keeps, and for how long.
    expect(privacyPage(company).content).toContain('## Når vi beder dig om en anmeldelse');
  });

  it("say what a salon's and a garage's message form keeps: no postcode, no photos, a garage's plate", () => {
    const salon = privacyPage({
      ...company,
      name: 'Salon Klip ApS',
      industryCode: '960210',
      industryDesc: 'Frisører',
    }).content;
    expect(salon).toContain('## Når du skriver til os');
    expect(salon).not.toContain('postnummer');
    expect(salon).not.toContain('billeder');
    expect(salon).not.toContain('nummerplade');
    const garage = privacyPage(
      { ...company, name: 'Nord Auto ApS', industryCode: '452010', industryDesc: 'Autoreparation' },
      true,
    ).content;
    expect(garage).toContain('bilens nummerplade, hvis du skriver den,');
    expect(privacyPage(company).content).toContain('## Når du beder om et tilbud');
  });
});
