import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contactSchema } from '../contracts/contact';
import { CONTACT_FIELDS, contactFormProblems } from './contact-form';
import { CONTACT_MESSAGES } from './contact-messages';
import { MESSAGES } from './messages';

describe('contactFormProblems', () => {
  it('names each empty field in Danish', () => {
    expect(contactFormProblems({ name: ' ', email: '', message: '\n' })).toEqual({
      name: CONTACT_MESSAGES.nameRequired,
      email: CONTACT_MESSAGES.emailRequired,
      message: CONTACT_MESSAGES.messageRequired,
    });
    expect(contactFormProblems({ name: 'Jens', email: 'jens@', message: 'Hej' })).toEqual({
      email: MESSAGES.invalidEmail,
    });
    expect(contactFormProblems({ name: 'Jens', email: 'jens@example.dk', message: 'Hej' })).toEqual({});
  });

  it('agrees with the API contract on every input: same verdict, same message per field', () => {
    const value = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom('', '  ', 'Jens\nHansen', 'jens@example.dk', 'søren@tømrer.dk', 'a@b', 'x'.repeat(101)),
      fc.string({ minLength: 4990, maxLength: 5010 }),
    );
    fc.assert(
      fc.property(value, value, value, (name, email, message) => {
        const problems = contactFormProblems({ name, email, message });
        const parsed = contactSchema.safeParse({ name, email, message });
        expect(Object.keys(problems).length === 0).toBe(parsed.success);
        if (!parsed.success) {
          for (const field of CONTACT_FIELDS) {
            const issue = parsed.error.issues.find((candidate) => candidate.path[0] === field);
            expect(problems[field]).toBe(issue?.message);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
