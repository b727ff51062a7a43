// The privacy notice's version and the consent purposes it names (DPDP Act 2023; docs/personal-data.md). No zod
// here: the public /privacy page, the footer and the forms read these, and zod would travel with them.

/** the notice in force: a consent names this version; a change of wording gets a new version and date */
export const privacyNotice = { version: '2026-11', date: '2026-11-24' } as const;

/**
 * What a person may consent to: `service` (booking, reports, bills, the account) is needed to use the
 * product; `marketing` (e-mails about offers and packages) is separate, optional and off by default;
 * `whatsapp` is the explicit opt-in WhatsApp requires before any message goes there (channels.ts).
 */
export const CONSENT_PURPOSES = ['service', 'marketing', 'whatsapp'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** where a consent was given */
export const CONSENT_SOURCES = ['registration', 'booking', 'dashboard', 'login_prompt'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** the age below which a parent or guardian books and consents for the patient (DPDP Act s. 9) */
export const ADULT_AGE = 18;

/** who a guardian is to the patient */
export const GUARDIAN_RELATIONS = ['mother', 'father', 'grandparent', 'other_relative', 'legal_guardian'] as const;
export type GuardianRelation = (typeof GUARDIAN_RELATIONS)[number];
export const guardianRelationLabels: Record<GuardianRelation, string> = {
  mother: 'Mother',
  father: 'Father',
  grandparent: 'Grandparent',
  other_relative: 'Other relative',
  legal_guardian: 'Legal guardian',
};

/** consent records are kept this long after they end (withdrawn, or a guest booking's visit), as proof; then pseudonymised */
export const CONSENT_RECORD_RETENTION_YEARS_DEFAULT = 7;
