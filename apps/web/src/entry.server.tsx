// Renders a page on the server. Unlike the framework's default, every request waits for the whole
// page (lazy parts such as a blog's markdown included) before the first byte: the server caches and
// hashes the finished HTML (decision record 020), and a visitor without JavaScript must get the
// content in place, not in streamed chunks that only a script puts where they belong.
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import { type EntryContext, ServerRouter } from 'react-router';

export const streamTimeout = 5_000;

export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers });

  return new Promise<Response>((resolve, reject) => {
    let responseStatus = status;
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      // React moves a large finished Suspense boundary (a long blog post) to the end of the document,
      // for a script to put in place; every boundary stays where it belongs, for readers without one.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        clearTimeout(timeout);
        const body = new PassThrough();
        headers.set('Content-Type', 'text/html; charset=utf-8');
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers, status: responseStatus }));
      },
      onShellError: reject,
      onError(error) {
        responseStatus = 500;
        console.error(error);
      },
    });
  });
}
