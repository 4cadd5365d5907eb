import { describe, expect, it } from 'vitest';
import { assetFileProblem } from './assets-page';

describe('release and label files upload box', () => {
  it('takes any file up to 100 MB and refuses a larger one before upload', () => {
    expect(assetFileProblem({ size: 100 * 1024 * 1024 })).toBeNull();
    expect(assetFileProblem({ size: 100 * 1024 * 1024 + 1 })).toBe('Size must be under 100 MB');
  });
});
