import { describe, expect, it } from 'vitest';
import { NotFound } from '../../functions/lib/errors.js';

/** A 404 names what was not found (a record kind of one word or several), or says the sentence it was given. */
describe('NotFound', () => {
  it('says "… not found" after a record kind of one word or several', () => {
    expect(new NotFound('Label').message).toBe('Label not found');
    expect(new NotFound('Client company').message).toBe('Client company not found');
    expect(new NotFound('Distributed label').message).toBe('Distributed label not found');
    expect(new NotFound('DSP connection').message).toBe('DSP connection not found');
    expect(new NotFound('Company distributor').message).toBe('Company distributor not found');
    // A kind that holds a word a sentence might ("do") is still a kind.
    expect(new NotFound('To-do list').message).toBe('To-do list not found');
    expect(new NotFound().message).toBe('Record not found');
    expect(new NotFound('Label').status).toBe(404);
  });

  it('says a sentence given as one as it is, still a 404', () => {
    for (const sentence of [
      'This link is invalid or has expired',
      'This smart link does not exist',
      'This promo has no cover.',
      'There is no open request for bank details',
      'This store is not on the smart link',
    ])
      expect(NotFound.saying(sentence)).toMatchObject({ message: sentence, status: 404 });
    expect(NotFound.saying('Gone')).toBeInstanceOf(NotFound);
  });
});
