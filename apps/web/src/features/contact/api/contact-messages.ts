// The contact form's messages (spec §8), shared by the form in the browser and the page's action.
export const CONTACT_MESSAGES = {
  success: 'Form submitted successfully!',
  failed: 'Something went wrong. Please try again.',
  error: 'Failed to submit the form. Please try again.',
} as const;
