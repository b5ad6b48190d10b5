// Image and video URLs of the mock's own demo media (src/media/demoMedia.ts), each with the
// MIME type its extension means. The server moves them to its own origin when it listens.
import { flat } from '../domain/flat.js';
import { slug } from '../domain/slug.js';
import { MEDIA_BASE } from '../media/demoMedia.js';

/** The catalogType of each file extension the generator uses. */
export const MIME_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  mp4: 'video/mp4',
} as const;

export type MediaExtension = keyof typeof MIME_TYPES;

export function mediaUrl(
  dataset: string,
  productGroupId: string,
  file: string,
  ext: MediaExtension,
  base = MEDIA_BASE,
): string {
  return flat(base, '/', dataset, '/', productGroupId, '/', file, '.', ext);
}

export function swatchUrl(color: string, base = MEDIA_BASE): string {
  return `${base}/swatches/${slug(color)}.png`;
}
