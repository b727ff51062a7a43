// Public content: blogs, offers, careers, the home statistics and contact messages.
import { z } from 'zod';
import { email, isoDate, requiredText, text } from './common.ts';
import { imageSchema } from './images.ts';
import { say } from './i18n/message.ts';

export const blogSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  author: z.string(),
  /** markdown */
  content: z.string(),
  created_at: z.string(),
  /** the post's cover picture, when staff picked one (older clients ignore it) */
  cover_image: imageSchema.nullable().optional(),
});
export type Blog = z.infer<typeof blogSchema>;

export const offerSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  discount_percentage: z.number(),
  start_date: isoDate,
  end_date: isoDate,
  /** true while the offer is switched on and today lies within its dates */
  active: z.boolean(),
  /**
   * the tests the offer applies to, by name (active tests only); empty: the offer covers a whole
   * category or every test. Book them with /Appointment?tests=ID,ID.
   */
  tests: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type Offer = z.infer<typeof offerSchema>;

export const careerSchema = z.object({
  id: z.number().int(),
  job_title: z.string(),
  description: z.string(),
  posted_on: isoDate,
  is_open: z.boolean(),
  application_link: z.string(),
});
export type Career = z.infer<typeof careerSchema>;

export const dashboardStatsSchema = z.object({
  total_categories: z.number().int(),
  total_tests: z.number().int(),
  total_appointments: z.number().int(),
  total_approved_appointments: z.number().int(),
  /** percent, one decimal */
  approval_rate: z.number(),
  /** percent, one decimal */
  test_completion_rate: z.number(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const contactRequestSchema = z.object({
  name: requiredText(100),
  email: z.union([z.literal(''), email]).optional().default(''),
  phone: text(20).min(1, { ...say('validation.blank'), abort: true }).regex(/^\+?[\d\s()-]+$/, say('validation.phone')),
  message: requiredText(2000, { multiline: true }),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

export const contactResponseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  created_at: z.string(),
});
