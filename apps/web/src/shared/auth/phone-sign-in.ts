// The calls of the mobile sign-in (decision 061): a code to a number, then the sign-in (or sign-up)
// with it. Loaded with the form that uses them (phone-sign-in-form.tsx).
import type { PhoneCodeResponse, PhoneSignInRequest, PhoneSignInResponse } from '@lab/contract';
import { api } from '../api/client.ts';

export const sendSignInCode = (phone: string, channel: 'sms' | 'whatsapp') =>
  api<PhoneCodeResponse>('/api/users/phone/code/', { method: 'POST', body: { phone, channel }, auth: 'none' });

export const signInByCode = (body: PhoneSignInRequest) => api<PhoneSignInResponse>('/api/users/phone/sign-in/', { method: 'POST', body, auth: 'none' });
