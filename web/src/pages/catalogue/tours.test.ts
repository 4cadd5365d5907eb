import { describe, expect, it } from 'vitest';
import { RECORDING_TOUR, RELEASE_TOUR } from './tours';

describe('guided tours', () => {
  it('walks the new release form in 17 steps in the product’s order', () => {
    expect(RELEASE_TOUR).toHaveLength(17);
    expect(RELEASE_TOUR.slice(1).map((s) => s.title)).toEqual([
      'Label',
      'Metadata language',
      'Catalogue number',
      'Title',
      'Version',
      'Release date',
      'Original release date',
      'C line',
      'P line',
      'Liner notes',
      'Country',
      'Artists and roles',
      'Genres (maximum 2)',
      'Identifiers',
      'Product details',
      'Recordings',
    ]);
  });

  it('walks the new recording form in 4 steps', () => {
    expect(RECORDING_TOUR).toHaveLength(4);
  });
});
