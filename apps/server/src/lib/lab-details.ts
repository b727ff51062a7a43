// The lab's own details as its documents print them (reports, e-mails). One place until the lab's
// details become editable by an admin.
export const LAB = {
  name: 'Lab Centre Diagnostics',
  address: ['2nd Floor, Shanti Complex, MI Road', 'Jaipur, Rajasthan 302001'],
  phone: '+91 141 236 7890',
  email: 'info@labcentrediagnostics.in',
} as const;
