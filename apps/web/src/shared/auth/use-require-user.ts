// Guard for screens that need a logged-in user (docs/product.md#roles): once the stored session has been read,
// a visitor without one is sent to /login. Screens render nothing of their own until `user` is set.
import type { LoginResponse } from '@lab/contract';
import { paths } from '@lab/contract';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from './auth-context.tsx';

export function useRequireUser(redirectTo: string = paths.loginAlt): LoginResponse | null {
  const { user, ready } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (ready && !user) void navigate(redirectTo, { replace: true });
  }, [ready, user, navigate, redirectTo]);
  return user;
}
