// A catalogue test for unit and component tests: every price equal to the list price unless given.
import type { LabTest } from '@lab/contract';

export const labTest = (id: number, name: string, price: number, over: Partial<LabTest> = {}): LabTest => ({
  id,
  name,
  price,
  membership_price: price,
  general_offer_price: price,
  discounted_price: price,
  category: 'Hematology',
  ...over,
});
