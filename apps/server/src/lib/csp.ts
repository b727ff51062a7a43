// The Content-Security-Policy: our own origin only, no third party, no 'unsafe-inline'. The framework's
// small inline bootstrap and data scripts of each rendered page, and its inline stylesheet, are allowed one
// by one by their SHA-256 hash.
import { createHash } from 'node:crypto';

export const cspDirectives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  formAction: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
};

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

const hashesOf = (html: string, element: 'script' | 'style'): string[] => {
  const out = new Set<string>();
  const pattern = element === 'script' ? /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi : /<style[^>]*>([\s\S]*?)<\/style>/gi;
  for (const m of html.matchAll(pattern)) {
    if (!m[1]) continue;
    out.add(`'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
  }
  return [...out];
};

/** the hashes of every inline <script> of a page, as CSP sources */
export const inlineScriptHashes = (html: string): string[] => hashesOf(html, 'script');

/** the hashes of every <style> element of a page (the site's stylesheet, inline for the first paint) */
export const inlineStyleHashes = (html: string): string[] => hashesOf(html, 'style');

export function cspHeader(extraScriptSources: string[] = [], extraStyleSources: string[] = []): string {
  const extra: Partial<Record<string, string[]>> = { scriptSrc: extraScriptSources, styleSrc: extraStyleSources };
  return Object.entries(cspDirectives)
    .map(([k, v]) => `${kebab(k)} ${[...v, ...(extra[k] ?? [])].join(' ')}`)
    .join('; ');
}
