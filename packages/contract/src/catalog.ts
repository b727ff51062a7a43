// The test catalogue and packages, priced by the server for the caller.
import { z } from 'zod';
import { rupees } from './common.ts';
import { preparationSchema } from './preparation.ts';

export const categorySchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
export type Category = z.infer<typeof categorySchema>;

/**
 * A bookable test. Prices are rupees. membership_price is the caller's own (equal to price without an
 * active membership); general_offer_price is the price under the best running offer (equal to price
 * without one); discounted_price is the lowest of the three: what a booking charges.
 */
export const testSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** in a Hindi answer (`?lang=hi`), the English name of a test whose name is given in Hindi: a person
   * reading Hindi may still type the English name (or "CBC") to find it (docs/i18n.md) */
  name_en: z.string().optional(),
  /** in an English answer, the Hindi name of a test the lab named in Hindi (only where it differs from
   * `name`): a person on an English page may type the name in Devanagari to find it (docs/i18n.md) */
  name_hi: z.string().optional(),
  price: rupees,
  membership_price: rupees,
  general_offer_price: rupees,
  discounted_price: rupees,
  category: z.string(),
  /** what the patient must do before the sample; absent when nothing. In a Hindi answer (`?lang=hi`) its
   * `instructions` are the lab's Hindi where written, the English otherwise (docs/i18n.md) */
  preparation: preparationSchema.optional(),
});
export type LabTest = z.infer<typeof testSchema>;
export const testListSchema = z.array(testSchema);

export const packageTestSchema = z.object({ id: z.number().int(), name: z.string(), price: rupees });

/**
 * original_price: the sum of its tests' list prices; offer_price: what the package costs;
 * discounted_price: the offer price less the caller's membership discount (equal to offer_price
 * without an active membership). A booking of the package charges discounted_price.
 */
export const packageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  original_price: rupees,
  offer_price: rupees,
  discounted_price: rupees,
  tests: z.array(packageTestSchema),
});
export type TestPackage = z.infer<typeof packageSchema>;
export const packageListSchema = z.array(packageSchema);
