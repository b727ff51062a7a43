// The one place a form turns the API's refusal into what the person reads: the server answers a 400
// with {"field": ["message", …]} (its field names, messages already in the request's language) or
// {"error": "message"}. Each field's messages go beside that field (all fields at once); a message for
// the form as a whole, or for a field the form does not show, goes above the form as the message alone.
// The API's field name is never shown: it is English (`password`, `user_phone`), and a Hindi page is
// Hindi throughout (docs/features.md#forms, decision 053).
export interface FormErrors {
  /** the messages of each field the form shows, by the form's own field name */
  fields: Record<string, string>;
  /** what is said above the form: a message for the whole form, or the fields it does not show */
  form: string | null;
}

export const NO_ERRORS: FormErrors = { fields: {}, form: null };

export const hasErrors = (e: FormErrors) => e.form !== null || Object.keys(e.fields).length > 0;

interface Refusal {
  status: number;
  body: unknown;
}

const isRefusal = (e: unknown): e is Refusal =>
  typeof e === 'object' && e !== null && typeof (e as Refusal).status === 'number' && 'body' in e;

const messagesOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).flatMap((m) => (typeof m === 'string' && m.trim() !== '' ? [m] : typeof m === 'object' && m !== null ? Object.values(m).flatMap(messagesOf) : []));

export interface FormErrorOptions {
  /** the message when the answer names nothing (no answer at all, a 5xx, a body without fields) */
  fallback: string;
  /**
   * the fields the form shows, by the API's field name: the name the form uses for the field (to mark
   * it; the API's name when not given) and its label in the page's language. A nested name
   * ("home_address.pin") belongs to its listed parent ("home_address"). A name not listed here is said
   * above the form, its message alone.
   */
  fields?: Record<string, { name?: string; label?: string } | string>;
}

/** an API error (ApiError, or the server's answer to a form posted without scripts) as a form's errors */
export function formErrorsOf(error: unknown, { fallback, fields: known = {} }: FormErrorOptions): FormErrors {
  if (!isRefusal(error) || typeof error.body !== 'object' || error.body === null || Array.isArray(error.body) || error.status >= 500) {
    return { fields: {}, form: fallback };
  }
  const body = error.body as Record<string, unknown>;
  if (typeof body.error === 'string') return { fields: {}, form: body.error };
  const fields: Record<string, string> = {};
  const above: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    const messages = messagesOf(value);
    if (messages.length === 0) continue;
    const text = messages.join(' ');
    // "home_address.pin" belongs to the field "home_address.pin" if listed, else to "home_address".
    const listed = known[key] !== undefined ? key : key.split('.')[0] ?? key;
    const entry = known[listed];
    const name = entry === undefined || key === 'non_field_errors' ? null : typeof entry === 'string' ? listed : (entry.name ?? listed);
    if (name !== null) {
      fields[name] = fields[name] ? `${fields[name]} ${text}` : text;
    } else {
      above.push(text);
    }
  }
  if (Object.keys(fields).length === 0 && above.length === 0) return { fields: {}, form: fallback };
  return { fields, form: above.length ? above.join(' ') : null };
}

/** the props that tie an input to its error: aria-invalid, and the error's id as its description */
export function invalidProps(errors: FormErrors, name: string, errorId: string, describedBy?: string) {
  const invalid = Boolean(errors.fields[name]);
  const ids = [describedBy, invalid ? errorId : undefined].filter(Boolean).join(' ');
  return { 'aria-invalid': invalid ? (true as const) : undefined, 'aria-describedby': ids || undefined };
}

/**
 * Moves focus to the first field marked invalid in `form` (document order), else to the element of the
 * message above the form; called once the errors have been rendered.
 */
export function focusFirstError(form: HTMLElement | null, fallback?: HTMLElement | null): void {
  if (!form) return;
  // A message that stands for something that is no input (the chosen tests) is marked data-invalid-target.
  // Only one shown: a form walked in steps keeps its other steps' fields in the page, hidden (decision 075).
  const shown = (el: HTMLElement) => typeof el.checkVisibility !== 'function' || el.checkVisibility();
  const first = [...form.querySelectorAll<HTMLElement>('[aria-invalid="true"]:not([disabled]), [data-invalid-target]')].find(shown);
  const target = first ?? fallback ?? form.querySelector<HTMLElement>('[data-form-error]');
  if (!target) return;
  if (!/^(INPUT|SELECT|TEXTAREA|BUTTON|FIELDSET)$/.test(target.tagName) && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
  // A fieldset (a group of radio buttons) takes no focus: its first enabled input does.
  if (target.tagName === 'FIELDSET') target.querySelector<HTMLElement>('input:not([disabled]),select,textarea')?.focus();
}
