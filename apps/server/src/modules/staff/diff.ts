// What an edit changed, for the audit trail: only the fields whose values differ, before and after.
export interface Change {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** null when nothing changed */
export function diff<T extends Record<string, unknown>>(before: T, after: T): Change | null {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return Object.keys(a).length === 0 ? null : { before: b, after: a };
}

/** `%text%` for LIKE, with the wildcards of the text itself escaped (used with ESCAPE '\') */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
