// POST /api/users/verify-email/: proves the account's e-mail address with the link from the proof e-mail (decision 049).
import type { EmailProofRequest, MessageBody } from '@lab/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

export function verifyEmail(body: EmailProofRequest): Promise<MessageBody> {
  return api<MessageBody>('/api/users/verify-email/', { method: 'POST', body, auth: 'none' });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
