// Component tests (jsdom): findBy… waits up to 5 s, since the first render of a file imports a lot on
// a busy machine, and what a test rendered is unmounted before the next one.
import { afterEach } from 'vitest';

if (typeof document !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5_000 });
  afterEach(cleanup);
}
