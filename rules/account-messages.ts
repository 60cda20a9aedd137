// What only the server says about a change of the login e-mail (the account screen shows the API's
// answer): kept out of rules/messages.ts, which the admin's entry chunk carries whole.
export const ACCOUNT_MESSAGES = {
  emailChangeSent: 'Vi har sendt et link til den nye e-mail. Klik på linket for at bekræfte ændringen.',
  emailChanged: 'Din e-mail er ændret. Du logger ind med den nye e-mail fra nu af.',
  emailLinkExpired: 'Linket er udløbet. Bed om et nyt under Konto i administrationen.',
} as const;
