// The image archive's answers (GET/POST /api/images): each image as a JPEG `url` and the WebP
// `variants` for a srcset; the list says when the archive is full (MAX_IMAGES).
import { z } from 'zod';

export const imageSchema = z.object({
  id: z.string(),
  url: z.string(),
  name: z.string(),
  width: z.number(),
  height: z.number(),
  variants: z.array(z.object({ width: z.number(), url: z.string(), contentType: z.string() })),
  createdAt: z.string(),
});

/** `full` is true at MAX_IMAGES, when the admin shows MESSAGES.archiveFull. */
export const imageListSchema = z.object({
  images: z.array(imageSchema),
  limit: z.number(),
  full: z.boolean(),
});

export type ImageJson = z.infer<typeof imageSchema>;
export type ImageListJson = z.infer<typeof imageListSchema>;
