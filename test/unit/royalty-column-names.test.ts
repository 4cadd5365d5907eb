import { describe, expect, it } from 'vitest';
import { COLUMN_NAMES, comparableName, matchColumnsByName } from '../../shared/royalty-column-names.js';

describe('matching a report’s headers to the map’s columns by name', () => {
  it('matches a column’s own name whatever its case, spaces and punctuation, and keeps what was mapped', () => {
    expect(
      matchColumnsByName(['Pay Period', 'ISRC', 'Net Revenue', 'Sales_Category'], { subtotal_payable: 'Net Revenue' }),
    ).toEqual({
      columns: {
        pay_period: 'Pay Period',
        isrc: 'ISRC',
        subtotal_payable: 'Net Revenue',
        sales_category: 'Sales_Category',
      },
      unmatched: [],
    });
  });

  it('matches a German report’s eleven obvious columns, accents and currency codes aside', () => {
    const headers = [
      'Zeitraum',
      'Händler',
      'Land',
      'ISRC',
      'EAN',
      'Titel',
      'Künstler',
      'Album',
      'Menge',
      'Netto EUR',
      'Währung',
    ];
    const { columns, unmatched } = matchColumnsByName(headers);
    expect(unmatched).toEqual([]);
    expect(columns).toEqual({
      pay_period: 'Zeitraum',
      retailer: 'Händler',
      country_iso: 'Land',
      isrc: 'ISRC',
      upc: 'EAN',
      song: 'Titel',
      artist: 'Künstler',
      album: 'Album',
      quantity: 'Menge',
      subtotal_payable: 'Netto EUR',
      subtotal_payable_currency: 'Währung',
    });
  });

  it('matches French, Spanish and Dutch names too', () => {
    expect(matchColumnsByName(['Période', 'Quantité', 'Montant net', 'Devise', 'Titre']).columns).toEqual({
      pay_period: 'Période',
      quantity: 'Quantité',
      subtotal_payable: 'Montant net',
      subtotal_payable_currency: 'Devise',
      song: 'Titre',
    });
    expect(matchColumnsByName(['Periodo', 'Cantidad', 'Importe neto', 'Moneda', 'Tienda']).columns).toEqual({
      pay_period: 'Periodo',
      quantity: 'Cantidad',
      subtotal_payable: 'Importe neto',
      subtotal_payable_currency: 'Moneda',
      retailer: 'Tienda',
    });
    expect(matchColumnsByName(['Periode', 'Aantal', 'Netto bedrag', 'Valuta', 'Winkel']).columns).toEqual({
      pay_period: 'Periode',
      quantity: 'Aantal',
      subtotal_payable: 'Netto bedrag',
      subtotal_payable_currency: 'Valuta',
      retailer: 'Winkel',
    });
  });

  it('gives each header to one column, the one it names most plainly, and names those it could not match', () => {
    // "Net Revenue" is the payable column's second name and "Revenue" a later one: the plainer match wins.
    const { columns, unmatched } = matchColumnsByName(['Revenue', 'Net Revenue', 'Bemerkung', 'Currency']);
    expect(columns).toEqual({ subtotal_payable: 'Net Revenue', subtotal_payable_currency: 'Currency' });
    expect(unmatched).toEqual(['Revenue', 'Bemerkung']);
    // A header already mapped to a column is not offered to another.
    expect(matchColumnsByName(['Title'], { album: 'Title' })).toEqual({ columns: { album: 'Title' }, unmatched: [] });
  });

  it('compares without accents, case, currency codes or punctuation, and keeps a header that is only a code', () => {
    expect(comparableName('Nettoerlös (EUR)')).toBe('nettoerlos');
    expect(comparableName('EUR')).toBe('eur');
    expect(comparableName('Cat#')).toBe('cat');
  });

  it('has no name that means two columns', () => {
    const owner = new Map<string, string>();
    for (const [column, names] of Object.entries(COLUMN_NAMES))
      for (const name of [column, ...names]) {
        const key = comparableName(name);
        expect(owner.get(key) ?? column, `${name} is a name of ${owner.get(key)} and ${column}`).toBe(column);
        owner.set(key, column);
      }
  });
});
