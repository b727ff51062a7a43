// Membership plans and the caller's membership.
import { z } from 'zod';
import { isoDate, rupees } from './common.ts';

export const planSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: rupees,
  discount_percentage: z.number(),
  duration_days: z.number().int(),
});
export type MembershipPlan = z.infer<typeof planSchema>;
export const planListSchema = z.array(planSchema);

/** the caller's membership; `membership: null` when there is none */
export const membershipStatusSchema = z.object({
  plan: z.string(),
  plan_id: z.number().int(),
  start_date: isoDate,
  end_date: isoDate,
  discount_percentage: z.number(),
  status: z.string(),
  is_active: z.boolean(),
});
export type MembershipStatus = z.infer<typeof membershipStatusSchema>;
export const membershipStatusResponseSchema = z.union([
  membershipStatusSchema,
  z.object({ membership: z.null(), is_active: z.literal(false), message: z.string() }),
]);
export type MembershipStatusResponse = z.infer<typeof membershipStatusResponseSchema>;

export const subscribeRequestSchema = z.object({ plan_id: z.coerce.number({ error: 'This field is required.' }).int().positive('Enter a valid plan.') });
export type SubscribeRequest = z.input<typeof subscribeRequestSchema>;
export const subscribeResponseSchema = z.object({ plan: z.string(), end_date: isoDate, message: z.string() });
export type SubscribeResponse = z.infer<typeof subscribeResponseSchema>;
