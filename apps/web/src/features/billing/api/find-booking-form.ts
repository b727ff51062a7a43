// "Find my booking" posted without JavaScript: the page's action sends the form to POST
// /api/bookings/find/ (in the page's language) and answers the page with the booking found, or the
// errors at their fields. With JavaScript the page sends it itself (find-booking.ts) and this never runs.
import type { FoundBooking } from '@lab/contract';
import type { ActionFunctionArgs } from 'react-router';
import { callApi } from '../../../shared/api/server-data.ts';
import { pageLocale } from '../../../shared/i18n/page-locale.ts';
import { type FindErrors, findErrorsOf } from './find-booking-errors.ts';

export interface FindOutcome {
  found: FoundBooking | null;
  errors: FindErrors;
  /** what was typed, to fill the form again when it was refused */
  values: { reference: string; contact: string };
}

export async function postFindBooking(args: ActionFunctionArgs): Promise<FindOutcome> {
  const form = await args.request.formData();
  const values = { reference: String(form.get('reference') ?? ''), contact: String(form.get('contact') ?? '') };
  const hindi = pageLocale(new URL(args.request.url).pathname, args.request.headers.get('cookie')) === 'hi';
  const { status, body } = await callApi(args, `/api/bookings/find/${hindi ? '?lang=hi' : ''}`, { method: 'POST', body: values });
  if (status === 200) return { found: body as FoundBooking, errors: {}, values };
  return { found: null, errors: findErrorsOf({ status, body }), values };
}
