// Images staff upload (the home hero, the About page, blog covers). The server keeps each at a few
// widths in AVIF and WebP under /images/; a page renders them as <picture> with srcset, sizes, width
// and height, so the browser picks the smallest that fits and keeps the space before it arrives.
import { z } from 'zod';
import { text } from './common.ts';

/** the largest upload accepted */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TOO_LARGE = 'The image is larger than 5 MB. Please upload a smaller one.';
export const IMAGE_NOT_AN_IMAGE = 'This file is not an image we can use. Upload a JPEG, PNG, WebP or AVIF picture.';

/** an uploaded image as pages and editors read it */
export const imageSchema = z.object({
  id: z.number().int(),
  /** the original's size: the aspect ratio every rendered size keeps */
  width: z.number().int(),
  height: z.number().int(),
  /** the widths available, ascending */
  widths: z.array(z.number().int()),
  /** what the image shows, for people who cannot see it; "" for a decorative one */
  alt: z.string(),
});
export type Image = z.infer<typeof imageSchema>;
export const imageListSchema = z.array(imageSchema);

/** the upload's other field: what the picture shows (the page's alt text) */
export const imageAltSchema = text(300, { tooLong: 'Keep the description under 300 characters.' });
export const IMAGE_FILE_MISSING = 'Choose an image to upload.';
export const IMAGE_NOT_MULTIPART = 'Send the image as multipart/form-data, in a field named "file".';
