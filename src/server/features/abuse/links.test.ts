import { describe, expect, it } from 'vitest';
import { proofLinks } from './links.ts';

describe('proofLinks (duplicate_proof)', () => {
  it('finds each link once, written any way', () => {
    expect(
      proofLinks(`Thread: https://X.com/goal/status/1. Again (https://www.x.com/goal/status/1/) and http://x.com/goal/status/1#top!
      Video https://youtube.com/watch?v=abc, site https://goalchain.io/ and https://goalchain.io`),
    ).toEqual(['x.com/goal/status/1', 'youtube.com/watch?v=abc']);
  });
});
