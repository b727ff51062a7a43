// The public pages' JavaScript budget (decision record 007), checked on the build `npm test` has just
// made: no public page, in English or Hindi, as the server renders it (with the demo content), may load more than
// FIRST_LOAD_CEILING_KB (109 KB) gzip of JavaScript before any interaction.
import { describe, expect, it } from 'vitest';
import { bilingualPublicPaths, FIRST_LOAD_CEILING_KB, firstLoadJs } from '../scripts/first-load-js.ts';

describe('first-load JavaScript of the public pages', () => {
  it.each(bilingualPublicPaths)(`%s loads at most ${FIRST_LOAD_CEILING_KB} KB gzip of scripts`, async (route) => {
    const page = await firstLoadJs(route);
    // A page always loads the client entry (which holds the framework: vite.config.ts groups them into
    // one chunk), the root and its own route module; fewer, or an entry without the framework's 100 KB,
    // means the HTML was not read as meant and the figure below would pass for the wrong reason.
    expect(page.files.length).toBeGreaterThanOrEqual(3);
    expect(page.files.find((f) => /\/entry\.client-[\w-]+\.js$/.test(f.file))?.kb).toBeGreaterThan(95);
    const breakdown = page.files.map((f) => `${f.file} ${f.kb}`).join(', ');
    expect(page.kb, `${route}: ${breakdown}, inline ${page.inlineKb}`).toBeLessThanOrEqual(FIRST_LOAD_CEILING_KB);
  });
});
