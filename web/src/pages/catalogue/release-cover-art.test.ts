import { describe, expect, it } from 'vitest';
import { coverArtFileProblem } from './release-cover-art';

describe('cover art upload box', () => {
  it('takes JPG and PNG up to 36 MB and refuses the rest before upload', () => {
    expect(coverArtFileProblem({ name: 'Cover.JPG', size: 10 })).toBeNull();
    expect(coverArtFileProblem({ name: 'cover.jpeg', size: 36 * 1024 * 1024 })).toBeNull();
    expect(coverArtFileProblem({ name: 'cover.png', size: 1 })).toBeNull();
    expect(coverArtFileProblem({ name: 'cover.svg', size: 10 })).toBe('Cover art must be a JPG or PNG file');
    expect(coverArtFileProblem({ name: 'cover.tiff', size: 10 })).toBe('Cover art must be a JPG or PNG file');
    expect(coverArtFileProblem({ name: 'cover.png', size: 36 * 1024 * 1024 + 1 })).toBe(
      `Size must be under ${36 * 1024 * 1024} bytes`,
    );
  });
});
