// Rules of claiming guest bookings: an account asks for a link to its e-mail address; opening the link
// proves the address is the account's, and every booking made as a guest with that address joins it
// (audited, in one transaction). Until then a guest booking stays the guest's: knowing an address is
// not owning it. The link is itself a proof of the address (decision 049): it goes to an unproven
// address too, greeting nobody, and proves the address when used.
import { type ClaimAnswer, m, messagesEn, paths } from '@lab/contract';
import type { Deps } from '../../lib/context.ts';
import { recordAudit } from '../audit/record.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { claimBookingsMail } from '../messaging/claim-bookings.ts';
import { labDetailsIn } from '../lab/service.ts';
import { enqueueMail } from '../messaging/queue.ts';
import { chooseLanguage } from '../messaging/words/index.ts';
import { CLAIM_TOKEN_TTL_SECONDS, checkClaimToken, makeClaimToken } from './claim-token.ts';
import * as q from './queries.ts';
import { claimForAccount } from '../appointments/lifecycle.ts';
import { holdsAddress } from '../auth/email-proof.ts';
import { proveHeldAddress } from '../auth/service.ts';

type ClaimDeps = Pick<Deps, 'db' | 'config' | 'now'>;

export const CLAIM_LINK_INVALID = messagesEn['claims.link_invalid'];

/** e-mails the confirmation link to the account's address; answers how many guest bookings wait for it */
export async function requestClaim(deps: ClaimDeps, userId: number, cookieLanguage?: string): Promise<{ waiting: number }> {
  const user = await q.account(deps.db, userId);
  if (!user) throw notFound(m('account.not_found'));
  // An account still waiting to take its address over (decision 049) has none to claim with yet.
  if (!holdsAddress(user)) return { waiting: 0 };
  const waiting = (await q.guestAppointments(deps.db, user.email_key)).length;
  const link = `${deps.config.publicUrl}${paths.claimBookings(makeClaimToken(deps.config.jwtSecret, user.id, user.email_key))}`;
  const language = chooseLanguage(user.language, cookieLanguage);
  const lab = await labDetailsIn(deps.db, language);
  await enqueueMail(deps.db, deps.now(), {
    kind: 'claim-bookings',
    message: claimBookingsMail({ to: user.email, name: user.email_verified_at !== null ? user.first_name.trim() || user.username : '', link, validDays: CLAIM_TOKEN_TTL_SECONDS / 86_400, lab, language }),
  });
  return { waiting };
}

export async function confirmClaim(deps: ClaimDeps, token: string): Promise<ClaimAnswer> {
  const userId = await checkClaimToken(deps.config.jwtSecret, token, async (id) => (await q.account(deps.db, id))?.email_key);
  if (userId === null) throw new HttpError(400, m('claims.link_invalid'));
  return deps.db.transaction().execute(async (trx) => {
    const user = (await q.account(trx, userId))!;
    await proveHeldAddress(trx, user, 'claim-link');
    const claimed: string[] = [];
    for (const a of await q.guestAppointments(trx, user.email_key)) {
      if (!(await claimForAccount(trx, a.id, userId))) continue;
      claimed.push(a.reference);
      await recordAudit(trx, { actorUserId: userId, entity: 'appointment', entityId: a.id, action: 'claim', before: { user_id: null }, after: { user_id: userId } });
    }
    return { claimed: claimed.length, references: claimed };
  });
}
