// The API contract: zod schemas of every request and answer, shared by the server and the web client.
export * from './paths.ts';
export * from './staff-paths.ts';
export * from './known-paths.ts';
export * from './common.ts';
export * from './auth.ts';
export * from './content.ts';
export * from './catalog.ts';
export * from './booking.ts';
export * from './slots.ts';
export * from './booking-reference.ts';
export * from './membership.ts';
export * from './staff.ts';
export * from './reports.ts';
export * from './platform.ts';
export * from './lab-details.ts';
export * from './format.ts';
export * from './india-time.ts';
