// Issue 51's Danish messages of the customer's tilbud page (api/routes/site-quotes.ts): the refusals
// beside its two forms and the lines of a tilbud that is answered, expired or replaced.
export const QUOTE_PAGE_MESSAGES = {
  linkHeading: 'Linket kan ikke bruges',
  linkInvalid: 'Linket til tilbuddet er ikke gyldigt. Tjek, at hele linket fra mailen er med.',
  nameRequired: 'Skriv dit navn',
  nameTooLong: 'Navnet må højst være 200 tegn',
  termsRequired: 'Sæt flueben for at acceptere betingelserne',
  reasonTooLong: 'Grunden må højst være 1000 tegn',
  tooMany: 'Der er sendt for mange svar herfra. Prøv igen om lidt.',
  tooLarge: 'Svaret er for langt.',
  acceptedHeading: 'Tak, tilbuddet er accepteret',
  acceptedText: 'Firmaet har fået besked og kontakter dig om opgaven.',
  declinedHeading: 'Tilbuddet er afvist',
  declinedText: 'Firmaet har fået besked. Tak for dit svar.',
  expiredHeading: 'Tilbuddet er udløbet',
  expiredText: 'Datoen for, hvor længe tilbuddet gælder, er passeret. Du kan bede om et nyt tilbud.',
  askNew: 'Bed om et nyt tilbud',
  replacedHeading: 'Der er kommet et nyt tilbud',
  replacedText: 'Dette tilbud er erstattet af en ny udgave.',
  seeNew: 'Se det nye tilbud',
} as const;
