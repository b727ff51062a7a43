// Indian mobile numbers in E.164 (+91 and ten digits, the first 6–9), the form WhatsApp and SMS need:
// one rule for the server (which stores and sends them) and the web forms (which show them). Older
// entries and what people type (98290 12345, 098290 12345, 91 98290 12345, +91-98290-12345) are read
// as the same number; anything else is not an Indian mobile.

/** +91 and ten digits, the first 6 to 9 */
export const E164_INDIAN_MOBILE = /^\+91[6-9]\d{9}$/;

/** the number in E.164 (`+919829012345`), or null when it is not an Indian mobile */
export function toIndianE164(input: string): string | null {
  const trimmed = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  const national =
    digits.length === 10 ? digits : digits.length === 11 && digits.startsWith('0') ? digits.slice(1) : digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : null;
  if (national === null || !/^[6-9]\d{9}$/.test(national)) return null;
  return `+91${national}`;
}

/** an Indian mobile as people read it, `+91 98290 12345`; anything else as it was written */
export function formatIndianMobile(input: string): string {
  const e164 = toIndianE164(input);
  return e164 ? `+91 ${e164.slice(3, 8)} ${e164.slice(8)}` : input;
}
