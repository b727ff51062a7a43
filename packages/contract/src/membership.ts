// Membership plans and the caller's membership.
import { z } from 'zod';
import { id, idText, isoDate, rupees } from './common.ts';
import { messagesEn } from './i18n/en.ts';
import { m, stamp } from './i18n/message.ts';

/**
 * Clients of the original API read "discount or discount_percentage" (docs/product.md#api-contract): every answer that
 * carries a plan or a membership carries both, with the same number.
 */
const discountFields = { discount_percentage: z.number(), discount: z.number() };

export const planSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: rupees,
  ...discountFields,
  duration_days: z.number().int(),
  /** what unsubscribing gives back, as the plan card says it (docs/features.md#payments) */
  refund_rule: z.enum(['none', 'unused_days']),
});
export const refundRuleText = { none: 'No refund on unsubscribing.', unused_days: 'Unsubscribe any time: the unused days are refunded.' } as const;
export type MembershipPlan = z.infer<typeof planSchema>;
export const planListSchema = z.array(planSchema);

export const AWAITING_PAYMENT = 'Awaiting payment';
/** a membership's bill as the membership answers carry it */
export const membershipBillSchema = z.object({ key: z.string(), invoice_no: z.string(), amount_due: rupees, payment_status: z.string() });
export type MembershipBill = z.infer<typeof membershipBillSchema>;

/**
 * The caller's running membership. Without one (never had one, cancelled it, or it ran out) the
 * answer is 404 {"error": NO_ACTIVE_MEMBERSHIP}: clients of the original API take any 2xx as an
 * active membership.
 */
export const membershipStatusSchema = z.object({
  plan: z.string(),
  plan_id: z.number().int(),
  start_date: isoDate,
  end_date: isoDate,
  ...discountFields,
  /** "Approved" (running), or "Awaiting payment" until the membership's bill is paid (no discount before) */
  status: z.string(),
  is_active: z.boolean(),
  /** the membership's bill (docs/features.md#payments): its key opens it at /billing/{key}; absent for memberships from before fees */
  bill: membershipBillSchema.optional(),
});
export type MembershipStatus = z.infer<typeof membershipStatusSchema>;
export const NO_ACTIVE_MEMBERSHIP = messagesEn['membership.none_active'];

export const INVALID_PLAN = messagesEn['membership.invalid_plan'];
/** plan_id as a number, or as digits in a string (a form post) */
const plan = m('label.plan');
const invalidPlan = m('membership.invalid_plan');
export const subscribeRequestSchema = z.object({
  plan_id: z.union([id(plan, invalidPlan), idText(plan, invalidPlan)], { error: (iss) => stamp(iss, iss.input === undefined ? m('validation.required') : invalidPlan) }),
});
export type SubscribeRequest = z.input<typeof subscribeRequestSchema>;
/** the new membership in full, so a client can show it from this answer alone */
export const subscribeResponseSchema = z.object({
  plan: z.string(),
  plan_id: z.number().int(),
  ...discountFields,
  start_date: isoDate,
  end_date: isoDate,
  message: z.string(),
  /** "Awaiting payment" until the bill is paid (a plan of price 0 is "Approved" at once) */
  status: z.string().optional(),
  bill: membershipBillSchema.optional(),
});
export type SubscribeResponse = z.infer<typeof subscribeResponseSchema>;
