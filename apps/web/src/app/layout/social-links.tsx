// The centre's social media links, used in the sidebar and the footer. Their logos are SVG files in
// ./icons drawn as CSS masks in the text colour (the `logo-*` utilities of app.css): in the stylesheet,
// and no bytes in the script that every public page loads.
import { type SocialLink, socialLinks } from '../../shared/lib/lab-info.ts';

// Whole class names, so Tailwind finds them when it scans the source.
const logos: Record<SocialLink['name'], string> = {
  Facebook: 'logo-facebook',
  Instagram: 'logo-instagram',
  Twitter: 'logo-twitter',
  LinkedIn: 'logo-linkedin',
};

export function SocialLinks({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const colours =
    tone === 'dark'
      ? 'text-white hover:bg-white/15 focus-visible:outline-white'
      : 'text-brand-800 hover:bg-brand-100 focus-visible:outline-brand-700';
  return (
    <ul className="flex gap-2">
      {socialLinks.map(({ name, href }) => {
        const external = href.startsWith('http');
        return (
          <li key={name}>
            <a
              href={href}
              aria-label={name}
              {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              className={`inline-flex h-11 w-11 items-center justify-center rounded-full ${colours}`}
            >
              <span
                aria-hidden="true"
                className={`h-5 w-5 bg-current [mask-position:center] [mask-repeat:no-repeat] [mask-size:100%] ${logos[name]}`}
              />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
