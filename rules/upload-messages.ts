// Image uploads' Danish messages (api/images/, the image archive, the logo tab, the page's image
// choice). Part of rules/messages.ts's catalogue, apart because the admin's first chunk carries
// messages.ts to every screen and these only the screens that upload.

/** Image uploads (api/images/): the error catalogue (the spec's Error catalogue) has no wording for these two cases;
 *  the admin shows them before uploading too. */
export const UPLOAD_MESSAGES = {
  tooLarge: 'Billedet er for stort (højst 10 MB)',
  notAnImage: 'Filen er ikke et billede. Brug JPEG, PNG, WebP eller AVIF.',
} as const;
