// What reads as a person's request (issue 48): no links, and a token at least as old as typing the
// message takes a person.
import { describe, expect, it } from 'vitest';
import { checkLead, leadInput, typedAtPersonsPace } from './lead-form';
import { LEAD_PERSON_CHARS_PER_SECOND, LEAD_TOKEN_MIN_AGE_MS } from './limits';

const request = (message: string, name = 'Jonas Berg') =>
  leadInput({ name, email: 'jonas@example.dk', postcode: '8000', message });

describe('typedAtPersonsPace', () => {
  const message = 'Vi skal have omfuget en gavl på ca. 40 m². Hvornår har I tid?';
  const typing = (message.length * 1000) / LEAD_PERSON_CHARS_PER_SECOND;

  it('takes a request whose token is as old as typing its message takes', () => {
    expect(typedAtPersonsPace(request(message), typing)).toBe(true);
    expect(typedAtPersonsPace(request(message), 60_000)).toBe(true);
  });

  it('does not take one sent faster than a person types, nor a short one under the minimum age', () => {
    expect(typedAtPersonsPace(request(message), typing - 1)).toBe(false);
    // A bot that waits out the form's 3 s (issue 48's flood) is not a person's pace for this text.
    expect(typedAtPersonsPace(request(message), LEAD_TOKEN_MIN_AGE_MS + 1_000)).toBe(false);
    expect(typedAtPersonsPace(request('Ring'), LEAD_TOKEN_MIN_AGE_MS - 1)).toBe(false);
    expect(typedAtPersonsPace(request('Ring'), LEAD_TOKEN_MIN_AGE_MS)).toBe(true);
  });

  it('does not take one with a link, in the message or the name', () => {
    expect(typedAtPersonsPace(request(`${message} https://eksempel.dk`), 600_000)).toBe(false);
    expect(typedAtPersonsPace(request(message, 'www.spam.example'), 600_000)).toBe(false);
  });
});

describe('checkLead for a shop trade (issue 52)', () => {
  const message = leadInput({ name: 'Jonas Berg', phone: '12 34 56 78', message: 'Har I en tid lørdag?' });

  it('asks a salon or a garage for no postcode, but still checks one given', () => {
    expect(checkLead(message).postcode).toBeDefined();
    expect(checkLead(message, { postcodeOptional: true })).toEqual({});
    expect(checkLead({ ...message, postcode: '80' }, { postcodeOptional: true }).postcode).toBeDefined();
  });
});
