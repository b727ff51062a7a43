// POST /api/users/me/close/: closes the caller's account after the password is given again.
import type { AccountClosed } from '@lab/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

export function useCloseAccount() {
  return useMutation({ mutationFn: (password: string) => api<AccountClosed>('/api/users/me/close/', { method: 'POST', body: { password } }) });
}
