// Calls about the service itself: its OpenAPI description (the health check's answer is in common.ts).
import { z } from 'zod';

/** GET /api/openapi.json: the OpenAPI 3.1 document of this API (its own schema is OpenAPI's) */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
