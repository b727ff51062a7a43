// HTTP routes of images. The uploaded images' files under /images/ (the CSP's img-src 'self'): each
// name holds an id that is never reused and a width, so a file never changes and browsers keep it for
// a year. For an admin (/api/staff/images): the list to pick from, and an upload (multipart/form-data:
// `alt`, then `file`); only these two routes parse multipart bodies, and only up to IMAGE_MAX_BYTES.
import { mkdirSync } from 'node:fs';
import multipart, { type MultipartValue } from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { errorSchema, IMAGE_FILE_MISSING, IMAGE_MAX_BYTES, IMAGE_NOT_MULTIPART, IMAGE_TOO_LARGE, imageAltSchema, imageListSchema, imageSchema } from '@lab/contract';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../lib/context.ts';
import { fieldError, fieldErrors, HttpError } from '../../lib/errors.ts';
import { actor, refusals } from '../staff/responses.ts';
import { listImages, storeImage } from './service.ts';

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

export async function imageStaffRoutes(app: App): Promise<void> {
  const { db, config } = app.deps;
  await app.register(multipart, { throwFileSizeLimit: true, limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 1, fieldSize: 2048, parts: 2 } });

  app.get('/images', { schema: { response: { 200: imageListSchema, ...refusals } } }, () => listImages(db));

  app.post(
    '/images',
    { schema: { consumes: ['multipart/form-data'], response: { 201: imageSchema, ...refusals, 413: errorSchema } } },
    async (request, reply) => {
      const { bytes, alt } = await readUpload(app, request);
      return reply.code(201).send(await storeImage(db, config.imagesDir, actor(request), bytes, alt));
    },
  );
}

/** the file's bytes and the alt text, or the refusal naming what is wrong */
async function readUpload(app: App, request: FastifyRequest): Promise<{ bytes: Buffer; alt: string }> {
  const { RequestFileTooLargeError, InvalidMultipartContentTypeError, FilesLimitError, FieldsLimitError, PartsLimitError } = app.multipartErrors;
  try {
    const part = await request.file();
    if (!part) throw fieldError('file', IMAGE_FILE_MISSING);
    const bytes = await part.toBuffer();
    const altField = part.fields.alt as MultipartValue | undefined;
    const alt = imageAltSchema.safeParse(altField?.value ?? '');
    if (!alt.success) throw fieldErrors({ alt: alt.error.issues.map((i) => i.message) });
    return { bytes, alt: alt.data };
  } catch (err) {
    if (err instanceof RequestFileTooLargeError) throw new HttpError(413, IMAGE_TOO_LARGE);
    if (err instanceof InvalidMultipartContentTypeError) throw fieldError('file', IMAGE_NOT_MULTIPART);
    if (err instanceof FilesLimitError || err instanceof FieldsLimitError || err instanceof PartsLimitError) throw fieldError('file', 'Upload one image at a time, with at most a description beside it.');
    throw err;
  }
}
