// The centre's own details, shown in the footer, on the home page, the contact page and the bill.

export const labInfo = {
  name: 'Lab Centre Diagnostics',
  tagline: 'Faster | Stronger | Higher',
  email: 'info@labcentrediagnostics.in',
  address: ['2nd Floor, Shanti Complex, MI Road', 'Jaipur, Rajasthan 302001'],
  phones: ['+91 98290 12345', '+91 141 236 7890'],
  hours: 'Mon-Sat 9am to 9pm',
  copyrightYear: 2025,
} as const;

/** tel: link target from a phone number as printed */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

export interface SocialLink {
  name: 'Facebook' | 'Instagram' | 'Twitter' | 'LinkedIn';
  href: string;
}

// Twitter and LinkedIn pages are not set up yet: their links are placeholders, as in the spec.
export const socialLinks: readonly SocialLink[] = [
  { name: 'Facebook', href: 'https://www.facebook.com/' },
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'Twitter', href: '#' },
  { name: 'LinkedIn', href: '#' },
];
