// /pay/{id}: the payment link sent for a home collection by WhatsApp or SMS (the payment request's
// button). It opens the bill's payment for whoever holds the id, signed in or not, on a phone: the id is
// the capability, as on /bill/{id}.
export { default, meta } from './bill-link-page.tsx';
