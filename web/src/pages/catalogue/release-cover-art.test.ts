import { describe, expect, it } from 'vitest';
import { coverArtFileProblem, coverArtFileWords } from './release-cover-art';

describe('cover art upload box', () => {
  it('takes JPG and PNG up to 36 MB and refuses the rest before upload', () => {
    expect(coverArtFileProblem({ name: 'Cover.JPG', size: 10 })).toBeNull();
    expect(coverArtFileProblem({ name: 'cover.jpeg', size: 36 * 1024 * 1024 })).toBeNull();
    expect(coverArtFileProblem({ name: 'cover.png', size: 1 })).toBeNull();
    expect(coverArtFileProblem({ name: 'cover.svg', size: 10 })).toBe('Cover art must be a JPG or PNG file');
    expect(coverArtFileProblem({ name: 'cover.tiff', size: 10 })).toBe('Cover art must be a JPG or PNG file');
    // The limit as every form writes one, never a count of bytes.
    expect(coverArtFileProblem({ name: 'cover.png', size: 36 * 1024 * 1024 + 1 })).toBe('Size must be under 36 MB');
  });

  it('names the stored cover’s file by its type in words and its size, not a count of bytes', () => {
    expect(coverArtFileWords({ content_type: 'image/jpeg', bytes: 167741 })).toBe('JPEG image, 163.81 kB');
    expect(coverArtFileWords({ content_type: 'image/png', bytes: 2 * 1024 * 1024 })).toBe('PNG image, 2.00 MB');
  });
});
