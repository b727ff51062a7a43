// The lab's details as documents printed them before they became data; readers move to
// `labDetails(db)` in modules/lab.
import { DEFAULT_LAB_DETAILS as D } from '../modules/lab/defaults.ts';

export const LAB = { name: D.name, address: D.address_lines, phone: D.phones[1] ?? D.phones[0]!, email: D.email } as const;
