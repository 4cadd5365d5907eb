import { describe, expect, it } from 'vitest';
import { productDepthPayload, productToValues, territoryCount } from './release-products-model';

describe('release products page model', () => {
  it('reads a stored product and saves it back as one products_attributes row', () => {
    const stored = {
      id: 'P1',
      pre_order_data: { start_date: '2027-01-01', instant_gratification: true },
      product_territories_pricing: [{ territory: 'GB', price_tier: 'Mid', retail_price: 7.99 }],
      product_items: [{ recording_id: 'R1', price_tier: 'Front', retail_price: 0.99, sample_start_time: 30 }],
    };
    const values = productToValues(stored);
    expect(values).toMatchObject({
      start_date: '2027-01-01',
      preview_date: '',
      instant_gratification: true,
      pricing: [{ territory: 'GB', price_tier: 'Mid', retail_price: '7.99', wholesale_price: '' }],
      items: [{ recording_id: 'R1', retail_price: '0.99', sample_start_time: '30', sample_length: '' }],
    });
    expect(productDepthPayload('P1', values)).toEqual({
      id: 'P1',
      pre_order_data: { start_date: '2027-01-01', preview_date: '', instant_gratification: true },
      // Blank choices and seconds are left out; prices go as typed ('' clears them).
      product_territories_pricing: [{ territory: 'GB', price_tier: 'Mid', retail_price: '7.99', wholesale_price: '' }],
      product_items: [
        { recording_id: 'R1', price_tier: 'Front', retail_price: '0.99', wholesale_price: '', sample_start_time: '30' },
      ],
    });
  });

  it('counts territories as World when none is listed', () => {
    expect(territoryCount({ id: 'P', product_territories: [] })).toBe('World');
    expect(territoryCount({ id: 'P', product_territories: ['GB', 'IE'] })).toBe('2');
  });
});
