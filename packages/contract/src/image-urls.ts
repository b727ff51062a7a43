// Where an uploaded image's renditions are served: kept apart from images.ts (its zod schemas), so a
// public page that draws a picture loads these few lines and not the validation library.

/** the widths the server makes of an upload (never wider than the original) */
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;
/** the formats served, best first: a <picture> lists its sources in this order */
export const IMAGE_FORMATS = ['avif', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** the URL of one rendition */
export const imageUrl = (imageId: number, width: number, format: ImageFormat) => `/images/${imageId}-${width}.${format}`;

/** `srcset` of one format: every width the image has */
export const imageSrcSet = (image: { id: number; widths: readonly number[] }, format: ImageFormat) =>
  image.widths.map((w) => `${imageUrl(image.id, w, format)} ${w}w`).join(', ');
