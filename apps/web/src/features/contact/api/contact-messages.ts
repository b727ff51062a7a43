// The contact form's messages (docs/product.md#messages), shared by the form in the browser and the page's action: their
// ids in the catalogues (shared/i18n), shown in the page's language.
export const CONTACT_MESSAGES = {
  success: 'contact.success',
  failed: 'contact.failed',
  error: 'contact.error',
} as const;

export type ContactMessage = (typeof CONTACT_MESSAGES)[keyof typeof CONTACT_MESSAGES];
