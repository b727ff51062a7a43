import { describe, expect, it } from 'vitest';
import { blogSummary } from './summary.ts';

describe('blogSummary', () => {
  it('keeps the words of the markdown and drops its marks', () => {
    expect(blogSummary('## Fasting\n\nDo **not** eat for _10 hours_. See [our guide](/guide) and `notes`.\n\n- water is fine')).toBe(
      'Fasting Do not eat for 10 hours. See our guide and notes. water is fine',
    );
  });

  it('cuts a long post at a word before 155 characters and marks the cut', () => {
    const summary = blogSummary(`${'word '.repeat(60)}end`);
    expect(summary.endsWith('word…')).toBe(true);
    expect(summary.length).toBeLessThanOrEqual(156);
  });

  it('leaves a short post whole', () => {
    expect(blogSummary('Short and plain.')).toBe('Short and plain.');
  });
});
