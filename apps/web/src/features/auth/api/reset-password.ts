// POST /api/reset-password/{uidb64}/{token}/: sets a new password with the link from the e-mail.
import type { MessageBody } from '@lab/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

export interface ResetPasswordInput {
  uidb64: string;
  token: string;
  password: string;
}

export function resetPassword({ uidb64, token, password }: ResetPasswordInput): Promise<MessageBody> {
  const path = `/api/reset-password/${encodeURIComponent(uidb64)}/${encodeURIComponent(token)}/`;
  return api<MessageBody>(path, { method: 'POST', body: { password }, auth: 'none' });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
