import { describe, expect, it } from 'vitest';
import { LEAD_MESSAGES } from './lead-messages';
import { aiFallback, MESSAGES } from './messages';

describe('MESSAGES', () => {
  it('words spec messages exactly', () => {
    expect(MESSAGES.cvrTaken).toBe('Dette CVR nummer er allerede registreret');
    expect(MESSAGES.cvrNotFound).toBe('Kunne ikke finde firma med dette CVR nummer');
    expect(MESSAGES.emailTakenAuth).toBe('Denne email er allerede registreret');
    expect(MESSAGES.emailTakenOnboarding).toBe(
      'Denne email er allerede registreret. Brug venligst en anden email.',
    );
    expect(MESSAGES.creationFailed).toBe('Der opstod en fejl. Prøv igen.');
    expect(MESSAGES.loginFailed).toBe('Forkert email eller password');
    expect(MESSAGES.saveSuccess).toBe('Ændringer gemt!');
    expect(MESSAGES.uploadLimit).toBe('Du kan ikke uploade flere end 15 billeder');
    expect(MESSAGES.archiveFull).toBe(
      'Du har nået grænsen på 15 billeder. Slet nogle billeder for at uploade nye.',
    );
    expect(MESSAGES.aiDailyLimit).toBe(
      'Du har nået grænsen for AI-genereret indhold i dag. Prøv igen i morgen.',
    );
    expect(MESSAGES.deleteImageConfirm).toBe(
      'Er du sikker på at du vil slette dette billede? Dette kan ikke fortrydes.',
    );
    expect(MESSAGES.privacyRequired).toBe('Du skal acceptere privatlivspolitikken for at fortsætte');
    expect(MESSAGES.companyNameRequired).toBe('Company name is required');
    expect(MESSAGES.unexpectedError).toBe('Unexpected Application Error!');
    expect(MESSAGES.metaTitleHint).toBe('Maksimum 60 tegn - Dette vises i søgeresultater');
    expect(MESSAGES.invalidWebsiteUrl('firma.dk')).toBe(
      'Indtast venligst en gyldig webadresse (f.eks. firma.dk)',
    );
  });

  it('has no blank or untrimmed texts and no mis-encoded Danish letters', () => {
    for (const [key, value] of Object.entries(MESSAGES)) {
      if (typeof value !== 'string') continue;
      expect(value, key).not.toBe('');
      expect(value.trim(), key).toBe(value);
      expect(value, key).not.toMatch(/Ã|Â|\uFFFD/);
    }
  });

  it('builds the AI fallback text around the company name', () => {
    expect(aiFallback('Hansen Tømrer ApS')).toEqual({
      title: 'Velkommen til Hansen Tømrer ApS',
      content: 'Vi er eksperter i vores felt og leverer altid kvalitetsarbejde til tiden.',
    });
    expect(MESSAGES.aiFallback).toBe(aiFallback);
  });
});

describe('LEAD_MESSAGES', () => {
  it('thanks a visitor without saying the same sentence twice (heading over the next steps)', () => {
    const heading = LEAD_MESSAGES.received.toLowerCase();
    expect(LEAD_MESSAGES.nextSteps.toLowerCase()).not.toContain(heading);
    expect(LEAD_MESSAGES.nextSteps).toContain('Vi har modtaget din forespørgsel');
  });
});
