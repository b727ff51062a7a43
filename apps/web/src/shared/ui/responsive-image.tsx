// An uploaded image as a <picture>: AVIF, then WebP, each with every width the server made, so a phone
// on a slow network downloads the smallest that fills its slot. width and height are the original's,
// so the browser reserves the box (aspect ratio) before a byte arrives and nothing below it moves.
import { type Image, imageSrcSet, imageUrl } from '@lab/contract';

export interface ResponsiveImageProps {
  image: Image;
  /** how wide the image is drawn, for the browser's pick: e.g. "(min-width: 1024px) 50vw, 100vw" */
  sizes: string;
  className?: string;
  /** the hero of a page: fetched at once; anything else waits until it is near the screen */
  priority?: boolean;
  /** a backdrop behind text: screen readers skip it (its description would only repeat the page) */
  decorative?: boolean;
}

export function ResponsiveImage({ image, sizes, className, priority = false, decorative = false }: ResponsiveImageProps) {
  // The fallback <img> for browsers without <picture> sources they can read: a middle WebP width.
  const fallback = image.widths[Math.min(1, image.widths.length - 1)]!;
  return (
    <picture>
      <source type="image/avif" srcSet={imageSrcSet(image, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={imageSrcSet(image, 'webp')} sizes={sizes} />
      <img
        src={imageUrl(image.id, fallback, 'webp')}
        width={image.width}
        height={image.height}
        alt={decorative ? '' : image.alt}
        className={className}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        {...(priority ? { fetchPriority: 'high' as const } : {})}
      />
    </picture>
  );
}
