import { describe, expect, it } from 'vitest';
import { PREVIEW_LENGTH, previewOf } from './blog-card.tsx';

describe('a blog preview', () => {
  it('keeps a short post whole', () => {
    expect(previewOf('Fasting is needed.')).toBe('Fasting is needed.');
  });

  it('ends a cut post in one ellipsis, never in four dots after a full stop', () => {
    const sentence = 'A'.repeat(PREVIEW_LENGTH - 1) + '.';
    expect(previewOf(`${sentence} More text follows here.`)).toBe(`${'A'.repeat(PREVIEW_LENGTH - 1)}...`);
    expect(previewOf(`${'B'.repeat(PREVIEW_LENGTH - 2)}… and on`)).toBe(`${'B'.repeat(PREVIEW_LENGTH - 2)}...`);
    expect(previewOf(`${'C'.repeat(PREVIEW_LENGTH)} tail`)).toBe(`${'C'.repeat(PREVIEW_LENGTH)}...`);
  });
});
