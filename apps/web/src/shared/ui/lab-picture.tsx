// The picture staff chose for a public page (About; the home hero once the home page has the room, see
// docs/features.md), read from the lab's details (the root loader's). Loaded lazily, so a page's first-load JavaScript does not grow
// (decision 007). As a backdrop it is drawn absolutely behind the text, so its arrival moves nothing; as
// a banner's artwork (wide screens only) it is capped in height so the banner keeps its size.
import { useLabDetailsIfLoaded } from '../lib/lab-info.ts';
import { ResponsiveImage } from './responsive-image.tsx';

const variants = {
  backdrop: { sizes: '100vw', className: 'absolute inset-0 -z-10 h-full w-full object-cover opacity-20', priority: true, decorative: true },
  art: { sizes: '(min-width: 1024px) 40vw, 1px', className: 'max-h-72 w-full rounded-2xl object-cover shadow-xl', priority: false, decorative: false },
} as const;

export default function LabPicture({ picture, variant }: { picture: 'hero_image' | 'about_image'; variant: keyof typeof variants }) {
  const image = useLabDetailsIfLoaded()?.[picture];
  return image ? <ResponsiveImage image={image} {...variants[variant]} /> : null;
}
