// How the product prints money and dates for people, in one place for the web pages and the server's
// e-mails and documents: "Rs 1,260.00" (Indian digit grouping) and "Wed, 25 Nov 2026".

const rupeeFormat = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** rupees as the API gives them (at most two decimals) as the site prints them: "Rs 1,23,456.00" */
export function formatRupees(amount: number): string {
  return `Rs ${rupeeFormat.format(amount)}`;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * A calendar date (YYYY-MM-DD) with its weekday, "Wed, 25 Nov 2026". By hand rather than with Intl so
 * the month is always three letters (en-IN's ICU data writes "Sept"); anything unreadable is returned as it is.
 */
export function formatDayDate(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return date;
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return `${DAYS[d.getUTCDay()]}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}
