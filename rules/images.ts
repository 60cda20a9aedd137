// The per-company image archive limit (SPEC §9).

export const MAX_IMAGES = 15;

export function canUploadImage(count: number): boolean {
  return count < MAX_IMAGES;
}
