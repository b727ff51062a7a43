// The API's own description: GET /api/openapi.json (the OpenAPI 3.1 document) and a reference page at
// /api/docs (Swagger UI). The page obeys the site's CSP like every other: its script and styles are
// files served from this origin (swagger-ui-dist), and it is started by a script file, not inline.
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { openApiDocumentSchema } from '@lab/contract';
import type { z } from 'zod';
import type { App } from '../../lib/context.ts';

const uiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Lab Centre Diagnostics</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="api-reference"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>
`;

// Tags listed closed (docExpansion 'none'): the document has some 140 operations, and Swagger UI 5
// stops part-way when asked to draw them all at once (it drew 8 of 141, with no error); opening a
// tag draws its own operations, and a deep link (#/tag/operation) still opens one directly.
const START = `window.SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#api-reference', deepLinking: true, docExpansion: 'none' });
`;

/** the reference page's files; they change only with the package, so a day's caching is plenty */
const FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

export default async function docsRoutes(app: App): Promise<void> {
  app.get('/openapi.json', { schema: { response: { 200: openApiDocumentSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger() as unknown as z.infer<typeof openApiDocumentSchema>;
  });

  // Not API calls: left out of the document.
  app.get('/docs', { schema: { hide: true } }, async (_request, reply) => reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(PAGE));
  app.get('/docs/start.js', { schema: { hide: true } }, async (_request, reply) => reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(START));
  for (const [file, type] of Object.entries(FILES)) {
    app.get(`/docs/${file}`, { schema: { hide: true } }, async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=86400').type(type).send(createReadStream(path.join(uiDir, file))),
    );
  }
}
