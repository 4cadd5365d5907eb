import { describe, expect, it } from 'vitest';
import { NotFound } from '../../functions/lib/errors.js';

/** A 404 names what was not found, whether the record kind is one word or several. */
describe('NotFound', () => {
  it('says "… not found" after a record kind of one word or several', () => {
    expect(new NotFound('Label').message).toBe('Label not found');
    expect(new NotFound('Client company').message).toBe('Client company not found');
    expect(new NotFound('Distributed label').message).toBe('Distributed label not found');
    expect(new NotFound('DSP connection').message).toBe('DSP connection not found');
    expect(new NotFound('Company distributor').message).toBe('Company distributor not found');
    expect(new NotFound().message).toBe('Record not found');
    expect(new NotFound('Label').status).toBe(404);
  });

  it('keeps a whole sentence as it is', () => {
    for (const sentence of [
      'This link is invalid or has expired',
      'This smart link does not exist',
      'This promo has no cover.',
      'There is no open request for bank details',
      'This store is not on the smart link',
    ])
      expect(new NotFound(sentence).message).toBe(sentence);
  });
});
