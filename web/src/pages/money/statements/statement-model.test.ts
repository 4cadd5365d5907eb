import { monthEnd } from '../../../../../shared/statement-periods';
import { describe, expect, it } from 'vitest';
import {
  accountBlock,
  accountPath,
  addUp,
  chosenPeriods,
  explainProvenance,
  explainRevenue,
  explainScope,
  explainSummaryRow,
  otherLabel,
  periodProblem,
  provenancePeriods,
  provenanceSource,
  recoupedPercent,
  runTotalsCheck,
  statementEditBody,
  statementFilterParams,
  statementPagesFor,
  statementPeriodWords,
  summaryRowName,
  controlWords,
  linesTotalWords,
  today,
  validateStatementEdit,
  EMPTY_STATEMENT_FILTER,
} from './statement-model';
import type { StatementFigures } from '../../../../../shared/schemas/statement-views';

const figures: StatementFigures = {
  opening_balance: '-120.00',
  royalties: '450.37',
  costs: '-80.10',
  expenses: '-30.10',
  advances: '-50.00',
  reserves: '-20.00',
  transfers: '0.00',
  payments: '0.00',
  adjustments: '5.01',
  closing_balance: '235.28',
  payable: '235.28',
};

describe('the account block adds up', () => {
  it('sums exactly, never through floats', () => {
    expect(addUp(['0.10', '0.20'])).toBe('0.30');
    expect(addUp(['0.000001', '0.000002'], 6)).toBe('0.000003');
    expect(addUp(['9007199254740993.01', '0.01'])).toBe('9007199254740993.02');
    expect(addUp([null, '', 'abc', '1'])).toBe('1.00');
  });

  it('lists opening, each movement in order, closing, and checks closing = opening + movements', () => {
    const block = accountBlock(figures);
    expect(block.opening.amount).toBe('-120.00');
    expect(block.movements.map((m) => [m.key, m.label])).toEqual([
      ['royalties', 'Net revenue'],
      ['costs', 'Net costs'],
      ['reserves', 'Reserves'],
      ['transfers', 'Transfers'],
      ['payments', 'Payments'],
      ['adjustments', 'Adjustments'],
    ]);
    expect(block.computedClosing).toBe('235.28');
    expect(block).toMatchObject({ adds: true, costsAdd: true });
  });

  it('shows a statement whose figures do not add up as such (closing off by a cent, costs not expenses + advances)', () => {
    const off = accountBlock({ ...figures, closing_balance: '235.29' });
    expect(off.adds).toBe(false);
    expect(off.computedClosing).toBe('235.28');
    expect(accountBlock({ ...figures, advances: '-49.99' }).costsAdd).toBe(false);
  });

  it("checks a run's label payable = allocated + retained + unaccountable to the millionth", () => {
    const totals = { label_payable: '100.000001', allocated: '66.666667', retained: '33.333334', unaccountable: '0' };
    expect(runTotalsCheck(totals)).toEqual({ sum: '100.000001', adds: true });
    expect(runTotalsCheck({ ...totals, retained: '33.333333' }).adds).toBe(false);
  });

  it('measures recoupment as a whole percent of the advance', () => {
    expect(recoupedPercent({ advance: '300.00', recouped: '199.99' })).toBe(66);
    expect(recoupedPercent({ advance: '300.00', recouped: '300.00' })).toBe(100);
    expect(recoupedPercent({ advance: '0.00', recouped: '0.00' })).toBe(0);
  });
});

describe('statement periods', () => {
  it("says 'Please Choose Statement Periods' when none is chosen", () => {
    expect(periodProblem('', '')).toEqual({ field: 'start_pay_period', message: 'Please Choose Statement Periods' });
    expect(periodProblem('  ', '2026-03')).toEqual({
      field: 'start_pay_period',
      message: 'Please Choose Statement Periods',
    });
  });

  it('takes YYYY-MM months, a blank end as the start month, and refuses an end before the start', () => {
    expect(periodProblem('2026-01', '2026-03')).toBeNull();
    expect(periodProblem('2026-01', '')).toBeNull();
    expect(chosenPeriods('2026-01', '')).toEqual({ start_pay_period: '2026-01', end_pay_period: '2026-01' });
    expect(periodProblem('2026-13', '')?.field).toBe('start_pay_period');
    expect(periodProblem('2026-04', '2026-03')?.field).toBe('end_pay_period');
  });

  it('knows month ends, leap years included', () => {
    expect(monthEnd('2024-02')).toBe('2024-02-29');
    expect(monthEnd('2026-02')).toBe('2026-02-28');
    expect(monthEnd('2026-12')).toBe('2026-12-31');
  });

  it('defaults the payment date to today as YYYY-MM-DD', () => {
    expect(today(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});

describe('"Explain this number" links', () => {
  const payeeStatement = {
    start_pay_period: '2026-07',
    end_pay_period: '2026-09',
    label: { id: 'L1', name: 'Demo Records' },
    label_id: 'L1',
    statementable_type: 'Payee' as const,
    payee_type: 'Payee' as const,
    payee_name: 'Ada',
  };
  const query = (href: string) => Object.fromEntries(new URL(href, 'http://x').searchParams);

  it("links net revenue to the period's royalty lines of the statement's label", () => {
    const scope = explainScope(payeeStatement, '/user/royalties');
    const link = explainRevenue(scope);
    expect(link.href.startsWith('/user/royalties?')).toBe(true);
    expect(query(link.href)).toEqual({
      start_date: '2026-07-01',
      end_date: '2026-09-30',
      label_id: 'L1',
      label_name: 'Demo Records',
    });
    // A payee's lines cannot be picked out: the link says so.
    expect(link.exact).toBe(false);
    expect(link.note).toMatch(/no payee filter/);
  });

  it("is exact for a label's distribution statement and narrows an artist's by artist name", () => {
    const label = explainScope({ ...payeeStatement, payee_type: 'Label', statementable_type: 'Label' }, '/r');
    expect(explainRevenue(label).exact).toBe(true);
    const artist = explainScope(
      { ...payeeStatement, payee_type: 'Artist', statementable_type: 'Artist', payee_name: 'The Band' },
      '/r',
    );
    expect(query(explainRevenue(artist).href).artist).toBe('The Band');
  });

  it("opens the statement's own lines, kept by the row's name, whatever the account", () => {
    const scope = explainScope(payeeStatement, '/user/royalties', '/user/finances/statements/S1/lines');
    const row = (value: string | null, label = value ?? '') => ({ value, label, lines: 1, quantity: 1, amount: '1' });
    expect(explainRevenue(scope)).toEqual({ href: '/user/finances/statements/S1/lines', exact: true });
    expect(explainSummaryRow(scope, 'store', row('Spotify'))).toEqual({
      href: '/user/finances/statements/S1/lines?store=Spotify',
      exact: true,
    });
    // A track is kept by the name its row shows; a month by "month".
    expect(query(explainSummaryRow(scope, 'track', row('REC1', 'Song (GB-AAA-26-00001)')).href)).toEqual({
      track: 'Song (GB-AAA-26-00001)',
    });
    expect(query(explainSummaryRow(scope, 'period', row('2026-08')).href)).toEqual({ month: '2026-08' });
    expect(explainSummaryRow(scope, 'territory', row('GB')).exact).toBe(true);
    // Rows no filter can keep open every line and say so.
    const unknown = explainSummaryRow(scope, 'release', row(null, 'Unknown'));
    expect([unknown.href, unknown.exact]).toEqual(['/user/finances/statements/S1/lines', false]);
    expect(unknown.note).toBe('Lines without a release are not told apart: showing every line');
  });

  it('filters a store row by retailer, a release by release_id, a track by recording_id, a month by its dates', () => {
    const scope = explainScope({ ...payeeStatement, payee_type: 'Label' }, '/r');
    const row = (value: string | null) => ({ value, label: value ?? '', lines: 1, quantity: 1, amount: '1.000000' });
    expect(query(explainSummaryRow(scope, 'store', row('Spotify')).href).retailer).toBe('Spotify');
    expect(query(explainSummaryRow(scope, 'release', row('R1')).href).release_id).toBe('R1');
    expect(query(explainSummaryRow(scope, 'track', row('T1')).href).recording_id).toBe('T1');
    const month = query(explainSummaryRow(scope, 'period', row('2026-08')).href);
    expect([month.start_date, month.end_date]).toEqual(['2026-08-01', '2026-08-31']);
    expect(explainSummaryRow(scope, 'store', row('Spotify')).exact).toBe(true);
  });

  it('falls back to the period for territory, format and rows without a value, and says why', () => {
    const scope = explainScope({ ...payeeStatement, payee_type: 'Label' }, '/r');
    const row = (value: string | null) => ({ value, label: 'x', lines: 1, quantity: 1, amount: '1' });
    for (const link of [
      explainSummaryRow(scope, 'territory', row('GB')),
      explainSummaryRow(scope, 'format', row('Stream')),
      explainSummaryRow(scope, 'store', row(null)),
    ]) {
      expect(link.exact).toBe(false);
      expect(link.note).toBeTruthy();
      expect(query(link.href)).not.toHaveProperty('territory');
    }
  });

  it('shows the period’s lines for the row that stands for a long table’s smaller rows, and says where each is', () => {
    const scope = explainScope({ ...payeeStatement, payee_type: 'Label' }, '/r');
    const others = {
      value: null,
      label: '19,900 other tracks',
      lines: 19_900,
      quantity: 1,
      amount: '1',
      others: 19_900,
    };
    const link = explainSummaryRow(scope, 'track', others);
    expect(link.exact).toBe(false);
    expect(link.note).toContain('CSV');
    expect(query(link.href)).not.toHaveProperty('recording_id');
  });

  it("links a sales report to its import's lines, and says manual sales cannot be", () => {
    const scope = explainScope({ ...payeeStatement, payee_type: 'Label' }, '/r');
    const report = {
      import_id: 'I9',
      source: 'Demo',
      filename: 'a.csv',
      pay_periods: ['2026-07'],
      original_currency: 'USD',
      exchange_rate: '0.8',
      rate_date: '2026-07-31',
      distributor_fee: '1.000000',
      lines: 3,
      amount: '9.000000',
    };
    expect(query(explainProvenance(scope, report).href).import_id).toBe('I9');
    expect(explainProvenance(scope, { ...report, import_id: null }).exact).toBe(false);
  });
});

describe('statement list and edit', () => {
  it('sends only the chosen filters', () => {
    expect(statementFilterParams(EMPTY_STATEMENT_FILTER)).toEqual({});
    expect(
      statementFilterParams({
        due: true,
        paid: 'false',
        label: { id: 'L1', name: 'L' },
        type: 'DistributionStatement',
      }),
    ).toEqual({ due: 'true', paid: 'false', label_id: 'L1', type: 'DistributionStatement' });
  });

  it("refuses a recipient that is not an e-mail with 'This field must be a valid email'", () => {
    const values = { recipients: ['a@b.co'], draft: '', subject: 'S', message: '', remittance_date: '' };
    expect(validateStatementEdit(values)).toEqual({});
    expect(validateStatementEdit({ ...values, recipients: ['a@b.co', 'nope'] }).recipients).toBe(
      'This field must be a valid email',
    );
    expect(validateStatementEdit({ ...values, draft: 'typed-not-added' }).recipients).toBe(
      'This field must be a valid email',
    );
    expect(validateStatementEdit({ ...values, remittance_date: '31/12/2026' }).remittance_date).toBe(
      'Remittance date must be a whole date (DD/MM/YYYY)',
    );
    expect(validateStatementEdit({ ...values, subject: ' ' }).subject).toBe('Subject is required');
  });

  it('sends the four editable fields only, keeping an address still typed in the box', () => {
    expect(
      statementEditBody({
        recipients: ['a@b.co'],
        draft: 'c@d.co, a@b.co',
        subject: ' Hi ',
        message: 'M',
        remittance_date: '',
      }),
    ).toEqual({ recipients: ['a@b.co', 'c@d.co'], subject: 'Hi', message: 'M', remittance_date: '' });
  });

  it('finds the pages of the area shown, and where an account lives', () => {
    expect(statementPagesFor('/admin/statements/S1').detail('S1')).toBe('/admin/statements/S1');
    expect(statementPagesFor('/distribution/finances/statements').runView('R 1')).toBe(
      '/distribution/finances/statement_run?run=R%201',
    );
    expect(statementPagesFor('/user/payees/P1/accounting').detail('S1')).toBe('/user/finances/statements/S1');
    expect(accountPath({ type: 'Payee', id: 'P1' })).toBe('/user/payees/P1/accounting');
    expect(accountPath({ type: 'Artist', id: 'A1' })).toBe('/user/artists/A1/finances');
  });
});

describe('otherLabel', () => {
  const label = { id: 'L1', name: 'Harbour Tapes' };
  it('names no label beside a label that is the statement’s own payee (a distribution statement)', () => {
    expect(otherLabel({ payee_type: 'Label', payee_id: 'L1', label })).toBeNull();
  });
  it('names the label beside a payee, or another label', () => {
    expect(otherLabel({ payee_type: 'Payee', payee_id: 'P1', label })).toEqual(label);
    expect(otherLabel({ payee_type: 'Label', payee_id: 'L2', label })).toEqual(label);
    expect(otherLabel({ payee_type: 'Payee', payee_id: 'P1', label: null })).toBeNull();
  });
});

describe('statementPeriodWords', () => {
  it('says a statement\'s period in months people read, never the stored YYYY-MM twice over or "2026-Q1"', () => {
    const of = (_stored: string, start_pay_period: string, end_pay_period: string) =>
      statementPeriodWords({ start_pay_period, end_pay_period });
    expect(of('2057-03', '2057-03', '2057-03')).toBe('Mar 2057');
    expect(of('2026-Q1', '2026-01', '2026-03')).toBe('Q1 2026 (Jan 2026 to Mar 2026)');
    expect(of('2026-H1', '2026-01', '2026-06')).toBe('H1 2026 (Jan 2026 to Jun 2026)');
    expect(of('2026', '2026-01', '2026-12')).toBe('2026 (Jan 2026 to Dec 2026)');
    // A span that is no quarter, half or year is stored as "2024-01 – 2024-02": its months say it.
    expect(of('2024-01 – 2024-02', '2024-01', '2024-02')).toBe('Jan 2024 to Feb 2024');
  });
});

describe('controlWords', () => {
  it('writes the control figures as money in the statement’s currency, to the millionth, one line a line', () => {
    expect(
      controlWords({ lines: 2, lines_total: '1000.000000', rounding_in: '0.000000', rounding_out: '-0.004000' }, 'GBP'),
    ).toBe(
      '2 lines · total of the lines £1,000.000000 (exact) · rounding carried in £0.000000, carried out -£0.004000',
    );
    expect(controlWords({ lines: 1, lines_total: '5.5', rounding_in: '0', rounding_out: '0' }, 'EUR')).toMatch(
      /^1 line · total of the lines EUR 5\.500000 \(exact\)/,
    );
  });
});

describe('linesTotalWords', () => {
  it("heads a statement's lines with the server's sum to the cent, rounded once half away from zero", () => {
    expect(linesTotalWords({ total_count: 2, quantity: 2, share: '120.000000' }, 'GBP')).toBe(
      '2 lines · quantity 2 · amount £120.00',
    );
    expect(linesTotalWords({ total_count: 1, quantity: 1234, share: '10.004999' }, 'GBP')).toBe(
      '1 line · quantity 1,234 · amount £10.00',
    );
    expect(linesTotalWords({ total_count: 3, quantity: 3, share: '-0.005000' }, 'EUR')).toBe(
      '3 lines · quantity 3 · amount -EUR 0.01',
    );
  });
});

describe("a statement page's tables name rows as the reader knows them", () => {
  it('says a month in words, as the lines page and the lists do, and other rows as stored', () => {
    expect(summaryRowName('period', { label: '2026-09' })).toBe('Sep 2026');
    expect(summaryRowName('store', { label: 'Spotify' })).toBe('Spotify');
    expect(summaryRowName('release', { label: '' })).toBe('(none)');
  });

  it("names a sales report by its map and the file's own name, without the upload's id (as the PDF does)", () => {
    expect(provenanceSource({ source: 'Audit map', filename: '01M97HMJ18J56MC7JTYCN0RW6S-report-q3.csv' })).toBe(
      'Audit map · report-q3.csv',
    );
    expect(provenanceSource({ source: 'Manual sales', filename: null })).toBe('Manual sales');
  });

  it("says a report's sales periods in words, as the statement's months are", () => {
    expect(provenancePeriods({ pay_periods: ['2026-09', '2026-10'] })).toBe('Sep 2026, Oct 2026');
    expect(provenancePeriods({ pay_periods: [] })).toBe('-');
  });
});
