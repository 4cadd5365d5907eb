import { describe, expect, it } from 'vitest';
import { rowMovements } from './run-model';

describe("a statement run's movement columns", () => {
  it('shows each movement some row has, in the order a statement lists them, and leaves out the ones all nothing', () => {
    const rows = [
      { reserves: '-50.00', transfers: '0.00', payments: '-40.00', adjustments: '0.00', recouped: '-700.00' },
      { reserves: '0.00', transfers: '0.00', payments: '0.00', adjustments: '10.00', recouped: '0.00' },
    ];
    expect(rowMovements(rows)).toEqual([
      { key: 'reserves', header: 'Reserves' },
      { key: 'payments', header: 'Payments' },
      { key: 'adjustments', header: 'Adjustments' },
      { key: 'recouped', header: 'Recouped' },
    ]);
  });

  it('shows none for rows previewed before the movements were kept', () => {
    expect(rowMovements([{}, { recouped: '0.00' }])).toEqual([]);
  });
});
