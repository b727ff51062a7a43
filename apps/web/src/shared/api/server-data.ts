// How a route's server loader or action reaches the API. Under our Fastify server the page is
// rendered in the same process, which hands the renderer an `api` function in the load context
// (requests injected into the API, no network); under `react-router dev` there is none and the API is
// asked over HTTP on the same origin (Vite proxies /api). Server-only: loaders and actions are
// stripped from the browser build, and this module with them.
import { localeOfPath } from '@lab/contract';
import { data, type LoaderFunctionArgs } from 'react-router';

export interface ApiAnswer {
  status: number;
  body: unknown;
}

export type InProcessApi = (path: string, init?: { method: 'GET' | 'POST'; body?: unknown }) => Promise<ApiAnswer>;

declare module 'react-router' {
  interface AppLoadContext {
    api?: InProcessApi;
  }
}

type Args = Pick<LoaderFunctionArgs, 'context' | 'request'>;

export async function callApi({ context, request }: Args, path: string, init?: Parameters<InProcessApi>[1]): Promise<ApiAnswer> {
  if (context.api) return context.api(path, init);
  const res = await fetch(new URL(path, request.url), {
    method: init?.method ?? 'GET',
    headers: init?.body === undefined ? {} : { 'content-type': 'application/json' },
    body: init?.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/**
 * A public API answer the page is made of. What the API does not have (404, or an id that cannot
 * exist: 400) makes the page answer 404; any other failure is the page's error.
 */
export async function loadFromApi<T>(args: Args, path: string): Promise<T> {
  const { status, body } = await callApi(args, path);
  if (status === 200) return body as T;
  if (status === 404 || status === 400) throw data(null, { status: 404 });
  throw new Error(`GET ${path} answered ${status}`);
}

/**
 * A public content path (blogs, offers, careers, packages) asked in the page's language: a Hindi page
 * asks with `?lang=hi` and gets Hindi text where staff wrote it (English otherwise); English pages ask as
 * before, so their answers stay the spec's (docs/i18n.md).
 */
export function inPageLanguage({ request }: Pick<Args, 'request'>, path: string): string {
  return localeOfPath(new URL(request.url).pathname) === 'hi' ? `${path}${path.includes('?') ? '&' : '?'}lang=hi` : path;
}
