// Page history and undo (issue 14): how many revisions a page keeps, how long a deleted page can be
// brought back, and the short Danish summary each revision shows ("Tekst ændret").

/** Revisions kept per page; older ones are removed in the save that makes a new one. */
export const REVISIONS_KEPT = 20;

/** Days a deleted page stays in "Slettede sider". */
export const DELETED_PAGE_DAYS = 30;

/** The page fields a revision holds, in the order their summary names them. */
export const REVISION_FIELDS = [
  'pageName',
  'title',
  'subtitle',
  'content',
  'layout',
  'image',
  'heroBackgroundImage',
  'gallery',
  'metaTitle',
  'metaDescription',
] as const;

export type RevisionField = (typeof REVISION_FIELDS)[number];

const FIELD_LABELS: Record<RevisionField, string> = {
  pageName: 'Navn i menuen',
  title: 'Titel',
  subtitle: 'Undertitel',
  content: 'Tekst',
  layout: 'Layout',
  image: 'Billede',
  heroBackgroundImage: 'Billede',
  gallery: 'Galleri',
  metaTitle: 'Google',
  metaDescription: 'Google',
};

export const REVISION_SUMMARIES = {
  created: 'Side oprettet',
  original: 'Oprindelig version',
  unchanged: 'Gemt uden ændringer',
  restoredPage: 'Side gendannet',
  // Another page was renamed, and this page's links to it now use its new address (issue 40).
  linksRetargeted: 'Link til omdøbt side opdateret',
} as const;

/** `Tekst ændret`, `Titel og tekst ændret`, `Titel, tekst og galleri ændret`. */
export function revisionSummary(changed: readonly RevisionField[]): string {
  const labels = [
    ...new Set(REVISION_FIELDS.filter((field) => changed.includes(field)).map((f) => FIELD_LABELS[f])),
  ];
  if (labels.length === 0) return REVISION_SUMMARIES.unchanged;
  const words = labels.map((label, index) =>
    index === 0 || label === 'Google' ? label : label.toLowerCase(),
  );
  const last = words.pop() as string;
  return `${words.length ? `${words.join(', ')} og ${last}` : last} ændret`;
}

/** The fields whose values differ between two versions of a page. */
export function changedFields(
  before: Record<RevisionField, unknown>,
  after: Record<RevisionField, unknown>,
): RevisionField[] {
  return REVISION_FIELDS.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
}

const STAMP = new Intl.DateTimeFormat('da-DK', {
  timeZone: 'Europe/Copenhagen',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** `23. nov. 2026 kl. 21.05`, Copenhagen time. */
export function formatRevisionTime(iso: string): string {
  return STAMP.format(new Date(iso)).replace(/,? (\d{2})[.:](\d{2})$/, ' kl. $1.$2');
}

/** The summary of a save that brought back an earlier version. */
export function restoredSummary(revisionCreatedAt: string): string {
  return `Gendannet fra ${formatRevisionTime(revisionCreatedAt)}`;
}

/** The last moment a page deleted at `deletedAt` can be restored. */
export function deletedPageExpiry(deletedAt: string): string {
  return new Date(new Date(deletedAt).getTime() + DELETED_PAGE_DAYS * 86_400_000).toISOString();
}
