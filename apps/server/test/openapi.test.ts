// The API's description: GET /api/openapi.json is a valid OpenAPI 3.1 document holding every route the
// server registers, generated from the routes' own zod schemas; /api/docs is a reference page that
// keeps to the site's CSP (files of our own origin, no inline script).
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let doc: any;

beforeAll(async () => {
  t = await makeApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  doc = res.json();
});
afterAll(() => t.close());

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('holds every route the server registers, and nothing else', () => {
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((k) => METHODS.includes(k))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    // The reference page and its files, and the uploaded images' files, are not API calls.
    const registered = t.routes.filter((r) => !/ \/(api\/docs|images)(\/|$)/.test(r)).map((r) => r.replace(/:(\w+)/g, '{$1}'));
    expect(registered.length).toBeGreaterThan(50);
    expect([...documented].sort()).toEqual([...new Set(registered)].sort());
  });

  it("describes a call's body, parameters and answers from the contract's schemas", () => {
    const register = doc.paths['/api/users/register/'].post;
    const body = register.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['username', 'email', 'password']));
    expect(Object.keys(register.responses)).toEqual(expect.arrayContaining(['201', '400', '429']));
    const blog = doc.paths['/api/blogs/{id}/'].get;
    expect(blog.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path', required: true })]));
    expect(doc.paths['/api/staff/tests'].get.tags).toEqual(['staff']);
  });

  it('says which calls take a bearer token, and where it is optional', () => {
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/users/me/'].get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/staff/audit'].get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/tests/'].get.security).toEqual([{}, { bearer: [] }]);
    // Any route takes a token (and refuses one that is not valid); the credential calls ignore it.
    expect(doc.paths['/api/blogs/'].get.security).toEqual([{}, { bearer: [] }]);
    expect(doc.paths['/api/users/login/'].post.security).toBeUndefined();
  });
});

describe('GET /api/docs', () => {
  it('is a page of our own origin that runs no inline script and loads only our files', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(res.body).not.toMatch(/<style|style=/);
    // Every file is our own: Swagger UI's from /api/docs/, the site's icon from the web app.
    const sources = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.filter((src) => src !== '/favicon.svg')).toEqual(['/api/docs/swagger-ui.css', '/api/docs/swagger-ui-bundle.js', '/api/docs/start.js']);
    for (const src of sources.filter((s) => s.startsWith('/api/docs/'))) {
      const file = await t.app.inject({ method: 'GET', url: src });
      expect(file.statusCode, src).toBe(200);
      expect(file.body.length, src).toBeGreaterThan(10);
    }
    // The same page with the trailing slash.
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(200);
  });
});
