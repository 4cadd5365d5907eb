import { describe, expect, it } from 'vitest';
import { identifierRowChange } from './identifier-rows';

describe('artist identifier rows', () => {
  it('clears the identifier when the service changes, prefilling the Spotify artist prefix', () => {
    expect(identifierRowChange({ service: 'Deezer', identifier: '42', new: false }, { service: 'Spotify' })).toEqual({
      service: 'Spotify',
      identifier: 'spotify:artist:',
      new: false,
    });
    expect(
      identifierRowChange({ service: 'Spotify', identifier: 'spotify:artist:x', new: false }, { service: 'Discogs' }),
    ).toEqual({ service: 'Discogs', identifier: '', new: false });
  });

  it('ticks New only while the identifier is empty, removing the Spotify prefix', () => {
    expect(identifierRowChange({ service: 'Deezer', identifier: '', new: false }, { new: true })).toEqual({
      new: true,
    });
    expect(identifierRowChange({ service: 'Deezer', identifier: '42', new: false }, { new: true })).toEqual({
      new: false,
    });
    expect(
      identifierRowChange({ service: 'Spotify', identifier: 'spotify:artist:', new: false }, { new: true }),
    ).toEqual({ new: true, identifier: '' });
  });

  it('unticks New once an identifier is typed', () => {
    expect(identifierRowChange({ service: 'Deezer', identifier: '', new: true }, { identifier: '9' })).toEqual({
      identifier: '9',
      new: false,
    });
    expect(identifierRowChange({ service: 'Deezer', identifier: '', new: false }, { identifier: '9' })).toEqual({
      identifier: '9',
    });
  });
});
