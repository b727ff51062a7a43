// POST /api/contact/: a visitor's message (contract ContactRequest); the server answers 201.
import type { ContactRequest } from '@lab/contract';
import { api } from '../../../shared/api/client.ts';

export const sendContactMessage = (message: ContactRequest) => api<unknown>('/api/contact/', { method: 'POST', body: message });
