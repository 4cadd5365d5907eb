import type { Statement, SummaryRow } from '../../shared/schemas/statement-views.js';
import type { StatementDocument } from '../../functions/money/statements/documents/render.js';
import { statementPayout, withholdingTaxOn } from '../../functions/money/statements/accounts/payout.js';

/** The figures of the sample account; opening + … + adjustments = closing. */
export const SAMPLE_FIGURES = {
  opening_balance: '-250.00',
  royalties: '1234.57',
  costs: '-330.00',
  expenses: '-30.00',
  advances: '-300.00',
  reserves: '-50.00',
  transfers: '10.00',
  payments: '0.00',
  adjustments: '5.43',
  closing_balance: '620.00',
  payable: '620.00',
};

function summaryRows(prefix: string, n: number): SummaryRow[] {
  return Array.from({ length: n }, (_, i) => ({
    value: `${prefix}-${i}`,
    label: `${prefix} ${i + 1}`,
    lines: 100 + i,
    quantity: 1000 + i * 7,
    amount: `${(i * 13.371) % 97}.${String(123456 + i).slice(0, 6)}`.replace(/^(\d+)\.\d+\./, '$1.'),
  }));
}

/**
 * A published statement as the runs slice hands it to renderStatementPdf, with names in Cyrillic,
 * CJK and accented Latin; `rows` summary rows per dimension (store, territory, release, track).
 */
export function sampleStatementDocument(
  options: {
    rows?: number;
    style?: 'full' | 'summary';
    selfBilling?: boolean;
    graphs?: boolean;
    /** A withholding rate (percent) on the payee: the statement keeps its tax back from the payout. */
    withholding?: number;
  } = {},
): StatementDocument {
  const rows = options.rows ?? 60;
  const statement: Statement = {
    id: 'STMT1',
    number: 'ST-000042',
    version: 2,
    replaces_id: 'STMT0',
    superseded_by: null,
    type: 'Statement',
    statementable_type: 'Payee',
    statementable_id: 'PAY1',
    payee_type: 'Payee',
    payee_id: 'PAY1',
    payee_name: 'Пётр Ильич Чайковский',
    label_id: 'LAB1',
    label: { id: 'LAB1', name: 'Aurora Sound' },
    recipients: ['pyotr@example.test'],
    subject: 'Royalty Statement for Пётр Ильич Чайковский %PERIOD%',
    message: '',
    start_pay_period: '2026-07',
    end_pay_period: '2026-09',
    accounting_period: '2026-Q3',
    currency: 'gbp',
    figures: { ...SAMPLE_FIGURES },
    payee_total: SAMPLE_FIGURES.payable,
    aggregator_fee: '0.00',
    expenses_total: '30.00',
    subtotal: SAMPLE_FIGURES.payable,
    vat: '124.00',
    self_billing: options.selfBilling
      ? {
          invoice_number: 'SB-000007',
          vat_rate: '20',
          subtotal: '620.00',
          vat: '124.00',
          total: '744.00',
          issued_at: '2026-10-02T09:00:00.000Z',
        }
      : null,
    withholding_tax: withholdingTaxOn(SAMPLE_FIGURES.payable, options.withholding),
    payout: { payable: '0.00', vat: '0.00', withholding_tax: '0.00', total: '0.00' },
    not_paid_reasons: [],
    recoupment: { advance: '1000.00', recouped: '700.00', remaining: '300.00' },
    summaries: {
      store: summaryRows('Store', rows),
      territory: [
        { value: 'GB', label: 'United Kingdom', lines: 4000, quantity: 52000, amount: '600.123456' },
        { value: 'JP', label: '日本', lines: 2000, quantity: 21000, amount: '300.000001' },
        { value: 'PL', label: 'Łódź Polska', lines: 1000, quantity: 9000, amount: '-12.5' },
      ],
      release: summaryRows('Release', rows),
      track: [
        { value: 'R1', label: '周杰伦 — 晴天 (TWA123456789)', lines: 10, quantity: 200, amount: '12.345678' },
        { value: 'R2', label: 'Zoë Ørsted — Café Señorita', lines: 12, quantity: 300, amount: '22.1' },
        ...summaryRows('Track', rows),
      ],
    },
    graphs: options.graphs ?? true,
    provenance: [
      {
        import_id: 'IMP1',
        source: 'The Orchard',
        filename: 'orchard_2026_07.csv',
        pay_periods: ['2026-07'],
        original_currency: 'usd',
        exchange_rate: '0.791200',
        rate_date: '2026-07-31',
        distributor_fee: '120.500000',
        lines: 8000,
        amount: '1000.111111',
      },
      {
        import_id: null,
        source: 'Manual sales',
        filename: null,
        pay_periods: ['2026-08', '2026-09'],
        original_currency: null,
        exchange_rate: null,
        rate_date: null,
        distributor_fee: '0',
        lines: 2234,
        amount: '234.456780',
      },
    ],
    control: { lines: 10234, lines_total: '1234.567891', rounding_in: '0.003000', rounding_out: '0.000891' },
    pdf_style: options.style ?? 'full',
    queue_status: 'published',
    run_id: 'RUN1',
    paid: false,
    payment: null,
    remittance_date: null,
    created_at: '2026-10-02T09:00:00.000Z',
    updated_at: '2026-10-02T09:00:00.000Z',
  };
  statement.payout = statementPayout(statement);
  return {
    statement,
    company: {
      name: 'Aurora Sound Ltd',
      address: '12 Rue de la Paix\n75002 Paris\nFrance',
      email: 'accounts@aurora.example',
      vat_number: 'GB123456789',
    },
    payee: {
      name: 'Пётр Ильич Чайковский',
      address: 'ул. Тверская, 7\nМосква',
      email: 'pyotr@example.test',
      vat_number: 'GB987654321',
    },
    replaces: { number: 'ST-000041' },
  };
}
