// What a Hindi page must not show: English of ours (docs/i18n.md). Shared by the check of the public /hi/
// pages as the server renders them (hindi-pages.test.ts) and of the signed-in patient's screens as the
// browser draws them (hindi-patient-screens.test.tsx).

/** words that are the same in Hindi text: brands, units, names such as UPI and JSON, and the switch's "Read in English" */
export const sameInHindi = new Set(['Rs', 'UPI', 'JSON', 'WhatsApp', 'Facebook', 'Instagram', 'Twitter', 'LinkedIn', 'HbA1c', 'Read', 'in', 'English']);

/** the text a person sees or hears: text between tags, and the attributes screen readers and browsers show */
export function visibleText(html: string): string {
  const start = html.indexOf('<body');
  const end = html.indexOf('</body>');
  const body = start < 0 ? html : html.slice(start, end < 0 ? undefined : end);
  const attributes = [...body.matchAll(/\s(?:aria-label|placeholder|alt|title)="([^"]*)"/g)].map((m) => m[1]);
  const text = body
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, '\n');
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  return [title, text, ...attributes].join('\n').replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"');
}

/** the Latin stretches of a line (data set inside a Hindi sentence), each list item apart */
const latinRuns = (line: string) => (line.match(/[A-Za-z][\w .()'&-]*[\w)]/g) ?? []).flatMap((run) => run.split(/,\s*/));
const allSameInHindi = (run: string) => (run.match(/[A-Za-z]{2,}/g) ?? []).every((word) => sameInHindi.has(word));

/** the lines of a page with Latin text that is neither the lab's data (`isData`) nor the same in Hindi */
export function untranslatedLines(html: string, isData: (text: string) => boolean): string[] {
  return visibleText(html)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => !isData(line) && latinRuns(line).some((run) => !isData(run) && !allSameInHindi(run)));
}
