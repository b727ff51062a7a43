// Staff accounts, made on the command line (npm run staff:create): a new account with the staff role,
// or an existing patient account promoted after the operator confirms. The same username, e-mail and
// password rules as registration apply, and the password is hashed by the same code. In the console an
// admin gives, changes and takes away the roles.
import { registerRequestSchema, type StaffAccount, type StaffAccountUpdate } from '@lab/contract';
import type { Kysely } from 'kysely';
import type { Database, StaffRole, User } from '../../db/schema.ts';
import { auditedUpdate, recordAudit } from '../audit/record.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { hashPassword, passwordProblems } from '../../lib/passwords.ts';
import { nowIso } from '../../lib/time.ts';
import * as q from './queries.ts';

type Db = Kysely<Database>;

export interface StaffAccountInput {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  /** the role given (staff:create --role); admin when left out, since the first account must be one */
  role?: StaffRole;
}

export type StaffAccountPlan =
  | { kind: 'create' }
  | { kind: 'promote'; user: Pick<User, 'id' | 'username' | 'email' | 'first_name' | 'last_name'> }
  | { kind: 'already-staff'; user: Pick<User, 'id' | 'username' | 'email'> };

/** a mistake of the operator's: shown as it is, exit code 2 */
export class StaffAccountError extends Error {
  constructor(
    message: string,
    readonly problems: string[] = [],
  ) {
    super(message);
  }
}

const keyOf = (s: string) => s.trim().toLowerCase();

/** the registration form's rules for everything but the password; field messages on failure */
function checkFields(input: StaffAccountInput, password: string): void {
  const parsed = registerRequestSchema.safeParse({
    username: input.username,
    email: input.email,
    // The password is checked on its own below; a placeholder keeps this check about the other fields.
    password: password || 'placeholder',
    first_name: input.firstName,
    last_name: input.lastName,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`);
    throw new StaffAccountError('The account details are not valid.', problems);
  }
}

/** what creating this staff account will do, before any password is asked */
export async function planStaffAccount(db: Db, input: StaffAccountInput): Promise<StaffAccountPlan> {
  checkFields(input, '');
  const byName = await q.findByUsernameKey(db, keyOf(input.username));
  if (byName) {
    // Promoting the wrong person is worse than a retyped command: both details must match.
    if (byName.email_key !== keyOf(input.email)) {
      throw new StaffAccountError(`The account "${byName.username}" exists with another e-mail address. Give its own e-mail to promote it, or choose another username.`);
    }
    if (byName.role === 'staff') return { kind: 'already-staff', user: byName };
    return { kind: 'promote', user: byName };
  }
  const byEmail = await q.findByEmailKey(db, keyOf(input.email));
  if (byEmail) throw new StaffAccountError(`The e-mail address belongs to another account ("${byEmail.username}").`);
  return { kind: 'create' };
}

/** the password rules of registration, as messages (empty when acceptable) */
export function staffPasswordProblems(input: StaffAccountInput, password: string): string[] {
  if (!password) return ['The password may not be blank.'];
  if (password.length > 128) return ['Ensure the password has no more than 128 characters.'];
  return passwordProblems(password, { username: input.username, email: input.email, first_name: input.firstName, last_name: input.lastName });
}

export async function createStaffAccount(db: Db, input: StaffAccountInput, password: string): Promise<{ id: number }> {
  checkFields(input, password);
  const problems = staffPasswordProblems(input, password);
  if (problems.length) throw new StaffAccountError('The password is not accepted.', problems);
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const row = await q.insertStaffUser(trx, {
      username: input.username.trim(),
      username_key: keyOf(input.username),
      email: input.email.trim(),
      email_key: keyOf(input.email),
      password_hash: passwordHash,
      first_name: input.firstName.trim(),
      last_name: input.lastName.trim(),
      role: 'staff',
      staff_role: input.role ?? 'admin',
      last_login: null,
      created_at: nowIso(),
    });
    await recordAudit(trx, { actorUserId: null, entity: 'user', entityId: String(row.id), action: 'create_staff', before: null, after: { username: input.username.trim(), role: 'staff', staff_role: input.role ?? 'admin' } });
    return row;
  });
}

export async function promoteToStaff(db: Db, userId: number, role: StaffRole = 'admin'): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (await q.promotePatient(trx, userId, role)) {
      await recordAudit(trx, { actorUserId: null, entity: 'user', entityId: String(userId), action: 'promote', before: { role: 'patient' }, after: { role: 'staff', staff_role: role } });
    }
  });
}

// --- roles, managed by an admin in the console ------------------------------------------------------

type AccountRow = Awaited<ReturnType<typeof q.staffAccounts>>[number];

const shapeAccount = (r: AccountRow): StaffAccount => ({ ...r, staff_role: r.staff_role });

export async function listStaffAccounts(db: Db): Promise<StaffAccount[]> {
  return (await q.staffAccounts(db)).map(shapeAccount);
}

async function changeAccount(db: Db, actorUserId: number, id: number, change: (current: NonNullable<Awaited<ReturnType<typeof q.accountById>>>) => { staff_role: StaffRole | null; qualification: string; registration_no: string }): Promise<StaffAccount> {
  await auditedUpdate(db, { actorUserId, entity: 'user', entityId: id, missing: 'Account not found.' }, {
    load: (trx) => q.accountById(trx, id),
    next: (current) => change(current),
    save: (trx, v) => q.setStaff(trx, id, v),
    audited: (current, v) => ({
      before: { staff_role: current.role === 'staff' ? current.staff_role : null, qualification: current.qualification, registration_no: current.registration_no },
      after: v,
    }),
    action: (c) => ('staff_role' in c.after ? (c.after.staff_role === null ? 'deactivate_staff' : 'set_staff_role') : 'update_staff'),
  });
  const row = await q.accountById(db, id);
  return shapeAccount({ ...row!, staff_role: row!.role === 'staff' ? row!.staff_role : null });
}

/** an existing account (registered as anyone registers) made staff with a role */
export async function grantStaffRole(db: Db, actorUserId: number, input: { username: string; staff_role: StaffRole; qualification: string; registration_no: string }): Promise<StaffAccount> {
  const found = await q.findByUsernameKey(db, keyOf(input.username));
  if (!found) throw fieldError('username', 'No account has this username. The person registers first, then you give them a role.');
  if (found.role === 'staff') throw fieldError('username', 'This account is already staff; change its role instead.');
  return changeAccount(db, actorUserId, found.id, () => ({ staff_role: input.staff_role, qualification: input.qualification, registration_no: input.registration_no }));
}

export async function updateStaffAccount(db: Db, actorUserId: number, id: number, input: StaffAccountUpdate): Promise<StaffAccount> {
  // An admin locking themselves out would leave the lab without one.
  if (id === actorUserId && input.staff_role !== undefined && input.staff_role !== 'admin') throw fieldError('staff_role', 'You cannot take the admin role from your own account.');
  return changeAccount(db, actorUserId, id, (current) => {
    if (current.role !== 'staff') throw notFound('Account not found.');
    return {
      staff_role: input.staff_role === undefined ? current.staff_role : input.staff_role,
      qualification: input.qualification ?? current.qualification,
      registration_no: input.registration_no ?? current.registration_no,
    };
  });
}
