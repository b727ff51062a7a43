// GET /api/appointments/{id}/calendar.ics: the visit as a calendar file, for whoever holds the
// appointment's id (the bill's capability); the same event the confirmation e-mail attaches.
export const calendarFileUrl = (appointmentId: string) => `/api/appointments/${encodeURIComponent(appointmentId)}/calendar.ics`;
