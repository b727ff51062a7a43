// The uploaded images' files under /images/ (the CSP's img-src 'self'): each name holds an id that is
// never reused and a width, so a file never changes and browsers keep it for a year.
import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { App } from '../../lib/context.ts';

const RENDITION = /^\/\d{1,10}-\d{1,5}\.(avif|webp)$/;

export async function imageFiles(app: App): Promise<void> {
  const root = app.deps.config.imagesDir;
  mkdirSync(root, { recursive: true });
  await app.register(
    async (images) => {
      await images.register(fastifyStatic, {
        root,
        decorateReply: false,
        index: false,
        redirect: false,
        // Only the renditions' names: no listing, no half-written ".part" files.
        allowedPath: (pathname) => RENDITION.test(pathname),
        setHeaders(res) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        },
      });
      images.setNotFoundHandler((_request, reply) => reply.code(404).type('text/plain').send('Not found'));
    },
    { prefix: '/images' },
  );
}
