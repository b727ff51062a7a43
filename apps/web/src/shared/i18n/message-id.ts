// Every message id the app may ask for: the English catalogue's keys (the Hindi one must hold the same,
// which catalogues.test.ts checks).
import type english from './catalogues/en.json';

export type MessageId = keyof typeof english;
