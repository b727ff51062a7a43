// What the signed-in staff member's role may do, for showing only that: the server's access table as
// GET /api/staff/me gives it (never a copy of it here). A screen or button asks `can(route)` with the
// route as the table names it, e.g. can('POST /api/staff/results/:id/release'). Until the answer is in,
// nothing is allowed, so no button shows that would be refused; the server keeps refusing regardless.
import type { StaffRole } from '@lab/contract';
import { useAuth } from '../../../shared/auth/auth-context.tsx';
import { useStaffMe } from '../api/me.ts';

/** a staff route as the access table names it: `METHOD /api/staff/...` with `:id`-style parameters */
export type StaffRoute = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /api/staff/${string}`;

export interface StaffAccess {
  /** the role, once known */
  role: StaffRole | null;
  /** true once the role's rights are known */
  ready: boolean;
  can(route: StaffRoute): boolean;
  /** any of the routes */
  canAny(routes: readonly StaffRoute[]): boolean;
}

export function accessFrom(me: { staff_role: StaffRole; may: readonly string[] } | undefined): StaffAccess {
  const may = new Set(me?.may ?? []);
  return {
    role: me?.staff_role ?? null,
    ready: me !== undefined,
    can: (route) => may.has(route),
    canAny: (routes) => routes.some((r) => may.has(r)),
  };
}

export function useStaffAccess(): StaffAccess {
  const { user } = useAuth();
  return accessFrom(useStaffMe(user?.username).data);
}
