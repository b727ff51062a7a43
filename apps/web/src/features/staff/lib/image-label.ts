// How an uploaded image is named in the console's pickers: its number, description and size.
import type { Image } from '@lab/contract';

export const imageLabel = (image: Image) => `#${image.id} ${image.alt || '(no description)'} (${image.width}×${image.height})`;
