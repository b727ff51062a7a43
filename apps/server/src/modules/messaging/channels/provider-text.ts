// A provider's own words (an error's message, a failure's title) as we keep them on a job and in the
// log: short, on one line, and without anything that looks like a phone number, which a provider may
// quote back ("To 09829012345 is not a valid phone number") and which the log must never hold.
export function providerText(text: string, max = 200): string {
  return text
    .replace(/\+?\d[\d\s().-]{6,}\d/g, '…')
    .replace(/\p{Cc}+/gu, ' ')
    .trim()
    .slice(0, max);
}
