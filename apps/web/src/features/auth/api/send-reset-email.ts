// POST /api/send-reset-email/: asks the server to e-mail a password reset link.
import type { MessageBody } from '@lab/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

export function sendResetEmail(email: string): Promise<MessageBody> {
  return api<MessageBody>('/api/send-reset-email/', { method: 'POST', body: { email }, auth: 'none' });
}

export function useSendResetEmail() {
  return useMutation({ mutationFn: sendResetEmail });
}
