// Phone numbers of the WhatsApp and SMS channels: Indian mobiles in E.164 (+91 and ten digits, the first
// 6–9). The rule itself is the contract's (phone.ts, shared with the web forms); older rows hold what
// people typed ("98290 12345", "098290-12345"), so a number is normalised where it is read for a message
// and where it is written, and existing rows keep working.
import { toIndianE164 } from '@lab/contract';

export { E164_INDIAN_MOBILE, formatIndianMobile, toIndianE164 } from '@lab/contract';

/** the number in E.164, or null when it is none or not an Indian mobile (an old landline entry) */
export function mobileOf(phone: string | null | undefined): string | null {
  return phone ? toIndianE164(phone) : null;
}

/** an E.164 number shortened for a log line: never the whole number (docs/security.md) */
export const maskedPhone = (e164: string): string => `${e164.slice(0, 3)}…${e164.slice(-2)}`;
