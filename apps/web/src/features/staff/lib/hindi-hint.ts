// The hint under every Hindi field of the staff editors (issue 18).
export const HINDI_HINT = 'Optional. Left empty, Hindi readers see the English.';
