// The demo lab's details: what a fresh database starts with until an admin edits them (the seed), and
// the sender of a message that names no lab.
import type { LabDetails } from '@lab/contract';

const DAY = { opens: '09:00', closes: '21:00' } as const;

export const DEFAULT_LAB_DETAILS: LabDetails = {
  name: 'Lab Centre Diagnostics',
  tagline: 'Faster | Stronger | Higher',
  address_lines: ['2nd Floor, Shanti Complex, MI Road', 'Jaipur, Rajasthan 302001'],
  phones: ['+91 98290 12345', '+91 141 236 7890'],
  whatsapp: '+919829012345',
  email: 'info@labcentrediagnostics.in',
  hours: { mon: DAY, tue: DAY, wed: DAY, thu: DAY, fri: DAY, sat: DAY, sun: null },
  map_url: 'https://www.openstreetmap.org/search?query=MI%20Road%20Jaipur',
  upi_id: 'labcentre@okaxis',
  upi_name: 'Lab Centre Diagnostics',
  accreditation: null,
  grievance: { name: 'Grievance Officer, Lab Centre Diagnostics', email: 'grievance@labcentrediagnostics.in', phone: '+91 141 236 7890' },
};

/**
 * The demo lab's Hindi beside DEFAULT_LAB_DETAILS (docs/i18n.md): what Hindi readers get where the
 * record's English is still the demo's. The lab's name stays its brand, in Latin letters.
 */
export const DEFAULT_LAB_DETAILS_HI = {
  grievance_name: 'शिकायत अधिकारी, Lab Centre Diagnostics',
  address_lines: ['दूसरी मंज़िल, शांति कॉम्प्लेक्स, एमआई रोड', 'जयपुर, राजस्थान 302001'],
};
