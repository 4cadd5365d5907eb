import { describe, expect, it } from 'vitest';
import {
  candidateStatements,
  csvHasLine,
  statedLineMessage,
  statementListingImport,
} from '../../functions/royalties/api/stated-lines.js';
import { isHeld } from '../../functions/royalties/import/held.js';
import { lateMoney } from '../../functions/money/statements/accounts/not-yet-stated.js';
import { CSV_COLUMNS } from '../../functions/money/earnings/material.js';

const control = (lines: number, lines_total: string) => ({
  control: { lines, lines_total, rounding_in: '0', rounding_out: '0' },
});
const statement = (over: object = {}) => ({
  statementId: 'S1',
  superseded_by: undefined as string | undefined,
  start_pay_period: '2025-01',
  end_pay_period: '2025-03',
  provenance: [
    {
      import_id: 'IMP1',
      source: 'Store',
      filename: 'a.csv',
      pay_periods: ['2025-02'],
      original_currency: 'GBP',
      exchange_rate: '1',
      rate_date: null,
      distributor_fee: '0.000000',
      lines: 1,
      amount: '1.000000',
    },
  ],
  ...over,
});

describe('late money (what a correction of the statement would add)', () => {
  it('is nothing when the months hold exactly what the statement carries', () => {
    expect(lateMoney(control(3, '10.000000'), { lines: 3, royalties: '10.000000' })).toBeNull();
  });
  it('is the lines and money beyond the statement, exactly', () => {
    expect(lateMoney(control(3, '10.000000'), { lines: 4, royalties: '10.333334' })).toEqual({
      lines: 1,
      amount: '0.333334',
    });
  });
  it('counts a line that pays nothing as late too (a line, not money)', () => {
    expect(lateMoney(control(3, '10.000000'), { lines: 4, royalties: '10.000000' })).toEqual({
      lines: 1,
      amount: '0.000000',
    });
  });
  it('reads an account the engine no longer lists as earning nothing', () => {
    expect(lateMoney(control(1, '2.500000'), undefined)).toEqual({ lines: -1, amount: '-2.500000' });
  });
});

describe('which statements may carry a line', () => {
  const line = { id: 'IMP1-7', import_id: 'IMP1', pay_period: '2025-02' };
  it('a statement in force whose months and provenance hold the line', () => {
    expect(candidateStatements(line, [statement()])).toHaveLength(1);
  });
  it('not one replaced by a correction, not another month, not another import', () => {
    expect(candidateStatements(line, [statement({ superseded_by: 'S2' })])).toEqual([]);
    expect(candidateStatements({ ...line, pay_period: '2025-03' }, [statement()])).toEqual([]);
    expect(candidateStatements({ ...line, import_id: 'IMP9' }, [statement()])).toEqual([]);
    expect(candidateStatements({ ...line, pay_period: '2025-04' }, [statement()])).toEqual([]);
  });
  it("manual sales by the statement's manual-sales row", () => {
    const manual = { id: 'manual-01', import_id: null, pay_period: '2025-02' };
    expect(candidateStatements(manual, [statement()])).toEqual([]);
    const withManual = statement({ provenance: [{ ...statement().provenance[0], import_id: null }] });
    expect(candidateStatements(manual, [withManual])).toHaveLength(1);
  });
  it("a candidate carries the line only when its CSV has the line's id as a row", () => {
    const csv = 'id,pay_period,share\nIMP1-7,2025-02,1.000000\nIMP1-70,2025-02,0.5\n';
    expect(csvHasLine(csv, 'IMP1-7')).toBe(true);
    expect(csvHasLine(csv, 'IMP1-70')).toBe(true);
    expect(csvHasLine(csv, 'IMP1-71')).toBe(false);
    expect(csvHasLine(csv, 'IMP1')).toBe(false);
  });
  it('reads the id where the statements write it: the first column of every statement’s CSV', () => {
    expect(CSV_COLUMNS[0]).toBe('id');
  });
  it('is refused in the words users read', () => {
    expect(statedLineMessage('ST-000274')).toBe(
      'This line is on statement ST-000274; change it with a correction or an adjustment',
    );
  });
});

describe('a held import', () => {
  it('is a flagged one nobody has accepted', () => {
    expect(isHeld({ flagged: true })).toBe(true);
    expect(isHeld({ flagged: true, accepted_at: '2026-01-01T00:00:00Z' })).toBe(false);
    expect(isHeld({ flagged: false })).toBe(false);
    expect(isHeld({})).toBe(false);
  });
});

describe('an import a published statement carries', () => {
  it('is one whose lines a statement in force lists; a replaced statement, or a row of no lines, carries nothing', () => {
    const listing = statement();
    expect(statementListingImport('IMP1', [listing])).toBe(listing);
    expect(statementListingImport('IMP2', [listing])).toBeUndefined();
    expect(statementListingImport('IMP1', [statement({ superseded_by: 'S2' })])).toBeUndefined();
    const none = statement({ provenance: [{ ...statement().provenance[0], lines: 0 }] });
    expect(statementListingImport('IMP1', [none])).toBeUndefined();
    expect(statementListingImport('IMP1', [statement({ provenance: undefined })])).toBeUndefined();
  });
});
