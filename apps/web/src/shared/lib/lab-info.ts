// The centre's own details (contract LabDetails, edited by an admin), shown in the footer, on the
// home, contact and about pages and on the bill. The root route's loader reads them on the server for
// every page, so an edit shows on the next request; these helpers only present them.
import { useRouteLoaderData } from 'react-router';
import { inIndia, type LabDetails } from '@lab/contract';

/** the year of the footer's copyright line: this year in India (rendered pages are cached per India date) */
export const copyrightYear = (now: Date | number = Date.now()): number => Number(inIndia(now).date.slice(0, 4));

/**
 * That year as the root's loader read it on the server, so a page's start in the browser reads no clock in
 * India (india-time.ts makes its formatters at first use); read here only on the error screen of a page
 * whose data could not be read.
 */
export const useCopyrightYear = (): number => useRouteLoaderData<{ year?: number }>('root')?.year ?? copyrightYear();

/** the details that pages other than the lab details list's (About, Contact), the privacy notice and the
 * patient screens are sent (root.tsx, showsAllLabDetails in page-locale.ts): not the week's hours, map,
 * accreditation, UPI or grievance officer */
export type FrameLabDetails = Omit<LabDetails, (typeof notInFrame)[number]>;
export const notInFrame = ['hours', 'map_url', 'accreditation', 'upi_id', 'upi_name', 'grievance'] as const;

/** the lab's details, or undefined on the error screen of a page whose data could not be read */
export const useLabDetailsIfLoaded = (): FrameLabDetails | undefined => useRouteLoaderData<{ lab: FrameLabDetails }>('root')?.lab;

/** the opening hours in short, in the page's language, as the root loader wrote them (opening-hours.ts) */
export const useHoursSummary = (): string | undefined => useRouteLoaderData<{ hours?: string }>('root')?.hours;

/** the frame's share of the lab's details, which every page is sent (the home page, the footer) */
export function useFrameLabDetails(): FrameLabDetails {
  const details = useLabDetailsIfLoaded();
  if (!details) throw new Error('the lab details are read by the root loader before any page renders');
  return details;
}

/** all the lab's details, on the pages the root loader sends them to (showsAllLabDetails) */
export function useLabDetails(): LabDetails {
  const details = useFrameLabDetails();
  if (!('grievance' in details)) throw new Error('page not sent all lab details (showsAllLabDetails)');
  return details as LabDetails;
}

/** tel: link target from a phone number as printed */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** a WhatsApp chat with the number (wa.me wants the digits only), or null when the lab has none */
export const whatsappHref = (number: string) => {
  const digits = number.replace(/\D/g, '');
  return digits ? `https://wa.me/${digits}` : null;
};

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
