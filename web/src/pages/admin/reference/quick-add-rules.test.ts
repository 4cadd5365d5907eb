import { describe, expect, it } from 'vitest';
import { CATALOGUE_CONFIGS } from '../../catalogue/catalogue-configs';
import { quickAddAllowed, requireConfig } from './reference-config';
import { toPayload, emptyValues } from './reference-model';

/** Who a picker offers "Add new" to, and where a catalogue form's new publisher goes. */
describe('quick-add', () => {
  it('offers shared reference data to admins only, a company’s own records to anyone', () => {
    for (const shared of ['societies', 'rightsholders', 'publishers', 'distributors']) {
      expect(quickAddAllowed(shared, false), shared).toBe(false);
      expect(quickAddAllowed(shared, true), shared).toBe(true);
    }
    for (const own of ['company_publishers', 'artists', 'contributors'])
      expect(quickAddAllowed(own, false), own).toBe(true);
  });

  it('adds a catalogue form’s publisher to the current company, without the company fields', () => {
    const config = requireConfig('company_publishers');
    expect(config.endpoint).toEqual({ path: '/company_publishers', companyScoped: true });
    expect(config.singular).toBe('publisher');
    const names = config.fields.map((f) => f.name);
    expect(names).toContain('name');
    expect(names).not.toContain('company_id');
    expect(names).not.toContain('tenant_id');
    const payload = toPayload(config, { ...emptyValues(config), name: 'Own Music' }, { visible: () => true });
    expect(config.schema?.safeParse(payload).success).toBe(true);
  });

  it('has the recording and song forms pick publishers the company may link', () => {
    const publisherPickers = Object.values(CATALOGUE_CONFIGS).flatMap((config) =>
      config.fields.flatMap((field) =>
        field.kind === 'rows'
          ? field.rowFields.filter((row) => row.kind === 'link' && row.name === 'publisher_id')
          : [],
      ),
    );
    expect(publisherPickers.length).toBeGreaterThanOrEqual(2);
    for (const picker of publisherPickers) expect(picker).toMatchObject({ collection: 'company_publishers' });
  });
});
