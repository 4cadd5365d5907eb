import { describe, expect, it } from 'vitest';
import { emptyText, nounOf } from './empty-state';

describe('an empty list in the product’s words', () => {
  it('says nothing is there yet, and how to add one where the reader can', () => {
    expect(emptyText('recordings')).toBe('No recordings yet');
    expect(emptyText('recordings', 'choose Add recording')).toBe('No recordings yet: choose Add recording to add one');
    expect(emptyText('recordings', 'choose Edit, then Add recording,')).toBe(
      'No recordings yet: choose Edit, then Add recording, to add one',
    );
  });

  it('names a section by its heading in lower case, keeping a name in capitals as written', () => {
    expect(nounOf('Recordings')).toBe('recordings');
    expect(nounOf('Repertoire ownerships')).toBe('repertoire ownerships');
    expect(nounOf('To-dos')).toBe('to-dos');
    expect(nounOf('Society URLs')).toBe('society URLs');
    expect(nounOf('DSPs')).toBe('DSPs');
  });
});
