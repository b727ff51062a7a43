// The second sign-in step of staff (TOTP): the caller's status, enrolment, its confirmation and the
// step at each sign-in. These live under /api/users/, outside /api/staff, since they are what a staff
// member calls before the step is passed.
import type { SecondFactorEnrolment, SecondFactorStatus, SecondFactorVerifyRequest, TokenPair } from '@lab/contract';
import { api } from '../../../shared/api/client.ts';

export const secondFactorKey = ['second-factor', 'status'] as const;

export const getSecondFactorStatus = () => api<SecondFactorStatus>('/api/users/second-factor/');

export const startEnrolment = () => api<SecondFactorEnrolment>('/api/users/second-factor/enrol/', { method: 'POST' });

export const confirmEnrolment = (code: string) =>
  api<{ recovery_codes: string[]; tokens: TokenPair }>('/api/users/second-factor/confirm/', { method: 'POST', body: { code } });

export const verifySecondFactor = (body: SecondFactorVerifyRequest) =>
  api<{ tokens: TokenPair }>('/api/users/second-factor/verify/', { method: 'POST', body });
