// The centre's social media links, used in the sidebar and the footer.
import type { ComponentType } from 'react';
import { type SocialLink, socialLinks } from '../../shared/lib/lab-info.ts';
import { FacebookIcon, type IconProps, InstagramIcon, LinkedInIcon, TwitterIcon } from '../../shared/ui/icons.tsx';

const icons: Record<SocialLink['name'], ComponentType<IconProps>> = {
  Facebook: FacebookIcon,
  Instagram: InstagramIcon,
  Twitter: TwitterIcon,
  LinkedIn: LinkedInIcon,
};

export function SocialLinks({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const colours =
    tone === 'dark'
      ? 'text-white hover:bg-white/15 focus-visible:outline-white'
      : 'text-brand-800 hover:bg-brand-100 focus-visible:outline-brand-700';
  return (
    <ul className="flex gap-2">
      {socialLinks.map(({ name, href }) => {
        const Icon = icons[name];
        const external = href.startsWith('http');
        return (
          <li key={name}>
            <a
              href={href}
              aria-label={name}
              {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              className={`inline-flex h-11 w-11 items-center justify-center rounded-full ${colours}`}
            >
              <Icon className="h-5 w-5" />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
