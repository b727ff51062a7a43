// The contract's schemas in the browser's build (decision 081), checked on the build `npm test` has just
// made: a schema no screen uses is left out of every browser chunk (and so never made as a page starts),
// while one the screens use is there. Without lab:contract-schemas-when-used (vite.config.ts) each
// contract module a screen imports brings all of its schemas.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientBuild } from '../scripts/first-load-js.ts';

const assets = path.join(clientBuild, 'assets');
const chunks = readdirSync(assets)
  .filter((f) => f.endsWith('.js'))
  .map((f) => readFileSync(path.join(assets, f), 'utf8'));
const inSomeChunk = (text: string) => chunks.some((code) => code.includes(text));

describe("the contract's schemas in the browser's build", () => {
  it('reads a build', () => {
    expect(chunks.length).toBeGreaterThan(50);
  });

  it('leaves out the schemas only the server uses', () => {
    // described for the API's OpenAPI document: the FHIR bundle's answer, the sample labels' PDF
    expect(inSomeChunk('a FHIR R4 document Bundle')).toBe(false);
    expect(inSomeChunk('application/pdf (sample labels)')).toBe(false);
  });

  it("keeps those a screen uses: the lab's details, checked in the console's form before they are sent", () => {
    // labDetailsFormSchema's rule for a UPI id (lab-details.ts)
    expect(inSomeChunk('Enter a UPI id as name@bank')).toBe(true);
  });
});
