import { describe, expect, it } from 'vitest';
import { duplicateRelease } from './release-duplicate';

describe('duplicating a release', () => {
  it('resets it to drafted without id, cat_no, UPC, products, recordings or artist-release ids', () => {
    const copy = duplicateRelease({
      id: 'r1',
      title: 'Album',
      status: 'live',
      cat_no: 'AUR001',
      upc: '036000291452',
      label_id: 'l1',
      products: [{ id: 'p1' }],
      release_recordings: [{ id: 'x', recording_id: 't1' }],
      urls: [{ id: 'u' }],
      status_history: [{ at: '2026-11-01T00:00:00Z', from: 'drafted', to: 'quality_control' }],
      artist_releases: [{ id: 'ar1', artist_id: 'a1', role: 'Main', artist: { id: 'a1', name: 'Ada' } }],
    });
    expect(copy).toEqual({
      id: '',
      title: 'Album',
      status: 'drafted',
      label_id: 'l1',
      products: [],
      release_recordings: [],
      artist_releases: [{ artist_id: 'a1', role: 'Main', artist: { id: 'a1', name: 'Ada' } }],
    });
  });
});

describe('duplicating a release with its depth', () => {
  it('drops images and links, and keeps to-dos as new tasks', () => {
    const copy = duplicateRelease({
      id: 'r1',
      title: 'Album',
      images: [{ id: 'i1', image: { url: 'u', filename: 'b.png' } }],
      urls: [{ id: 'u1', link: 'https://example.com' }],
      todo_tasks: [{ id: 't1', body: 'Send masters', done: true }],
    });
    expect(copy).not.toHaveProperty('images');
    expect(copy).not.toHaveProperty('urls');
    expect(copy.todo_tasks).toEqual([{ body: 'Send masters', done: true }]);
  });
});
