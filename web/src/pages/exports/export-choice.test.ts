import { describe, expect, it } from 'vitest';
import { exportAsk, exportItemId, parseExportItem } from './export-choice';

describe('the Export menu of list pages', () => {
  it('exports the checked rows, else the visible rows, or everything', () => {
    expect(exportAsk('releases', 'rows', 'csv', ['a'], ['a', 'b'])).toEqual({
      model_name: 'releases',
      format: 'csv',
      ids: ['a'],
    });
    expect(exportAsk('recordings', 'rows', 'ppl_csv', [], ['a', 'b'])).toEqual({
      model_name: 'recordings',
      format: 'ppl_csv',
      ids: ['a', 'b'],
    });
    expect(exportAsk('releases', 'all', 'json', [], [])).toEqual({ model_name: 'releases', format: 'json', all: true });
  });

  it('refuses with nothing selected or visible, in the product’s words', () => {
    expect(exportAsk('releases', 'rows', 'csv', [], [])).toEqual({ error: 'Nothing selected to export' });
  });

  it('reads its menu item ids back', () => {
    expect(parseExportItem(exportItemId('rows', 'fuga_csv'))).toEqual({ scope: 'rows', format: 'fuga_csv' });
    expect(parseExportItem('rows:xls')).toBeNull();
    expect(parseExportItem('some:csv')).toBeNull();
  });
});
