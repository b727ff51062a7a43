// The hint under every Hindi field of the staff editors (docs/i18n.md).
export const HINDI_HINT = 'Optional. Left empty, Hindi readers see the English.';
