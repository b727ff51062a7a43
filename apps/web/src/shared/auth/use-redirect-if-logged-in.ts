// Guard for screens a logged-in user has no business on (login, reset password): once the stored
// session has been read, a logged-in user is sent on (to the dashboard by default). It also carries
// a fresh login to the dashboard, since logging in sets the user.
import { paths } from '@lab/contract';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from './auth-context.tsx';

/** true while the page should not show: the session is unknown yet, or a redirect is under way */
export function useRedirectIfLoggedIn(redirectTo: string = paths.dashboard): boolean {
  const { user, ready } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (ready && user) void navigate(redirectTo, { replace: true });
  }, [ready, user, navigate, redirectTo]);
  return !ready || user !== null;
}
