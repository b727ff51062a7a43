// Renders a page on the server. Unlike the framework's default, every request waits for the whole
// page (lazy parts such as a blog's markdown included) before the first byte: the server caches and
// hashes the finished HTML (decision record 020), and a visitor without JavaScript must get the
// content in place, not in streamed chunks that only a script puts where they belong.
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { type EntryContext, ServerRouter } from 'react-router';

export const streamTimeout = 5_000;

const manifestScript = /window\.__reactRouterManifest = (\{[\s\S]*?\});\n/;

/**
 * React Router writes the page's part of its route manifest into an inline script as JSON indented by
 * two spaces; every page's first load carries it (decision 007). Written compact it is the same object,
 * some 40 bytes (gzip) less on every page.
 */
export function compactManifest(html: string): string {
  return html.replace(manifestScript, (script, json: string) => {
    try {
      // as React Router escapes it: nothing in the script may close it or start markup
      const compact = JSON.stringify(JSON.parse(json)).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
      return `window.__reactRouterManifest = ${compact};\n`;
    } catch {
      return script;
    }
  });
}

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
        const chunks: Buffer[] = [];
        body.on('data', (chunk: Buffer) => chunks.push(chunk));
        body.on('error', reject);
        body.on('end', () => resolve(new Response(compactManifest(Buffer.concat(chunks).toString('utf8')), { headers, status: responseStatus })));
        pipe(body);
      },
      onShellError: reject,
      onError(error) {
        responseStatus = 500;
        console.error(error);
      },
    });
  });
}
