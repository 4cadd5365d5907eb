import { describe, expect, it } from 'vitest';
import { cardBrand } from '../../shared/card-brand.js';

describe('a card’s brand on screen', () => {
  it('is written as people write it, and an unknown or missing one is just "Card"', () => {
    expect(cardBrand('visa')).toBe('Visa');
    expect(cardBrand('amex')).toBe('American Express');
    expect(cardBrand('mastercard')).toBe('Mastercard');
    expect(cardBrand('something_new')).toBe('Card');
    expect(cardBrand(null)).toBe('Card');
  });
});
