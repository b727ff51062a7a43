// The Content-Security-Policy: our own origin only, no third party, no 'unsafe-inline'. The framework's
// small inline bootstrap and data scripts of each rendered page are allowed one by one by their SHA-256 hash.
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

/** the hashes of every inline <script> of a page, as CSP sources */
export function inlineScriptHashes(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    if (!m[1]) continue;
    out.add(`'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
  }
  return [...out];
}

export function cspHeader(extraScriptSources: string[] = []): string {
  return Object.entries(cspDirectives)
    .map(([k, v]) => `${kebab(k)} ${(k === 'scriptSrc' ? [...v, ...extraScriptSources] : v).join(' ')}`)
    .join('; ');
}
