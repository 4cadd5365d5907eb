import { describe, expect, it } from 'vitest';
import { mayRequest, storeChoices } from './store-choices';

const stores = [
  { id: 'sp', name: 'Spotify' },
  { id: 'am', name: 'Apple Music' },
  { id: 'dd', name: 'Demo DSP' },
  { id: 'dz', name: 'Deezer' },
  { id: 'td', name: 'Tidal' },
];

describe('the stores a release’s Distribution tab offers', () => {
  it('lists the connected stores first, and the others with where their request stands', () => {
    const { connected, others } = storeChoices(stores, [
      { dsp_id: 'dd', status: 'connected' },
      { dsp_id: 'sp', status: 'requested' },
      { dsp_id: 'dz', status: 'declined' },
      { dsp_id: 'td', status: 'pending' },
    ]);
    expect(connected.map((s) => s.name)).toEqual(['Demo DSP']);
    expect(others.map((s) => [s.name, s.request])).toEqual([
      ['Apple Music', null],
      ['Deezer', 'declined'],
      ['Spotify', 'requested'],
      ['Tidal', 'pending'],
    ]);
  });

  it('offers a request only for a store never asked for or refused, not one waiting for an answer', () => {
    const { others } = storeChoices(stores, [
      { dsp_id: 'sp', status: 'requested' },
      { dsp_id: 'dz', status: 'declined' },
      { dsp_id: 'td', status: 'pending' },
    ]);
    expect(others.filter(mayRequest).map((s) => s.name)).toEqual(['Apple Music', 'Deezer', 'Demo DSP']);
  });
});
