// The live preview (issue 27): a page's draft, or the homepage with a settings draft, rendered by the
// site's own templates. The bodies are the save bodies (contracts/pages.ts, contracts/company.ts), so
// a draft a save refuses is refused here with the same Danish message.
import { z } from 'zod';

/** A preview: the page's HTML as a save would publish it, and the policy to show it under. */
export const previewSchema = z.object({
  html: z.string(),
  /** The site's Content-Security-Policy, fit for a `<meta http-equiv>` in the preview frame. */
  contentSecurityPolicy: z.string(),
});

export type PreviewJson = z.infer<typeof previewSchema>;
