import { z } from 'zod';
import {
  count,
  day,
  earningsOverRange,
  listResponse,
  money,
  paymentFigureFields,
  paymentRow,
  recordResponse,
  recordRow,
  royaltyImportRow,
  rowsResponse,
  savedResponse,
  statementRow,
  totals,
} from './responses.js';
import { ENTRY_KINDS, EXPENSE_TYPES } from './statement-views.js';

/**
 * The answers of the money pages besides statements and payments (declared in the OpenAPI document and checked
 * against real answers by the response-schema tests): sales reports' imports and the column maps they are read
 * with, expenses, account entries (advances, reserves, transfers, adjustments), an account as it stands, payout
 * details and payment runs. Money is an exact decimal string throughout.
 */

/** The company's sales report imports, newest first (the rejected lines stay on an import's own record). */
export const royaltyImportListResponse = listResponse('royalty_imports', royaltyImportRow);

/** A column map (a royalty source): how a store's report's columns read as royalty lines. */
const royaltyMapRow = recordRow({
  name: z.string(),
  map: z.looseObject({ columns: z.looseObject({}) }),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
}).meta({ id: 'RoyaltyMap' });
export const royaltyMapListResponse = rowsResponse('royalty_maps', royaltyMapRow, totals);
export const royaltyMapResponse = recordResponse('royalty_map', royaltyMapRow);
export const royaltyMapSavedResponse = savedResponse('royalty_map', royaltyMapRow);

/** A rate a distributor paid one currency in another on a day: lines of that pair and day convert with it. */
const exchangeRateRow = recordRow({
  distributor: z.string(),
  payment_date: z.string(),
  original_currency: z.string(),
  target_currency: z.string(),
  rate: money,
}).meta({ id: 'ExchangeRate' });
export const exchangeRateListResponse = rowsResponse('exchange_rates', exchangeRateRow, totals);
/** The rate a line of the pair paid on the day uses, or null when none applies. */
export const exchangeRateFoundResponse = z.looseObject({ exchange_rate: exchangeRateRow.nullable() });
export const exchangeRateSavedResponse = savedResponse('exchange_rate', exchangeRateRow);

/** One account: a payee, an artist or a (distributed) label. */
const accountRef = z.looseObject({ type: z.enum(['Payee', 'Artist', 'Label']), id: z.string() });

/** An expense of a label, recoupable from an account or not. */
const expenseRow = recordRow({
  type: z.enum(EXPENSE_TYPES),
  date: day,
  description: z.string(),
  supplier: z.string().nullable(),
  category: z.string().nullable(),
  tags: z.array(z.string()),
  recoupable: z.boolean(),
  recoupable_percentage: z.number(),
  subtotal: money,
  vat: money,
  total: money,
  paid: z.boolean(),
  expensable_id: z.string().nullable(),
  payee_type: z.enum(['Payee', 'Artist', 'Label']).nullable(),
  payee_id: z.string().nullable(),
  release_id: z.string().nullable(),
  statement_id: z.string().nullable(),
  licence_refund_id: z.string().nullable(),
  created_at: z.string(),
}).meta({ id: 'Expense' });
export const expenseListResponse = listResponse('expenses', expenseRow);
export const adminExpenseListResponse = listResponse('expenses', expenseRow.extend({ company_name: z.string() }));
export const expenseResponse = recordResponse('expense', expenseRow);
export const expenseSavedResponse = savedResponse('expense', expenseRow);
/** The words used before on expenses (tags, suppliers), for the form's suggestions. */
export const wordsResponse = (name: string) => z.looseObject({ [name]: z.array(z.string()) });

/** A line of an account besides royalties and expenses; its amount is its signed effect on what is owed. */
const accountEntryRow = recordRow({
  account: accountRef,
  kind: z.enum(ENTRY_KINDS),
  amount: money,
  date: day,
  description: z.string().nullable(),
  release_id: z.string().nullable(),
  statement_id: z.string().nullable(),
  created_at: z.string(),
}).meta({ id: 'AccountEntry' });
export const accountEntryListResponse = listResponse('account_entries', accountEntryRow);
export const accountEntrySavedResponse = savedResponse('account_entry', accountEntryRow);

/** An account as it stands: the last published closing balance, what is pending since, its entries and statements. */
export const accountViewResponse = z
  .looseObject({
    account: accountRef,
    name: z.string(),
    currency: z.string(),
    minimum_payout: money,
    last_closing_balance: money,
    pending: money,
    balance: money,
    recoupment: z.looseObject({ advance: money, recouped: money, remaining: money }),
    entries: z.array(accountEntryRow),
    statements: z.array(statementRow),
  })
  .meta({ id: 'AccountView' });

const PAYOUT_METHODS = ['sepa', 'uk_bulk', 'paypal', 'wise'] as const;

/** How an account is paid, never in full: masks of what is stored. */
const payoutDetailsRow = z
  .looseObject({
    method: z.enum(PAYOUT_METHODS).nullable(),
    account_name: z.string().nullable(),
    currency: z.string().nullable(),
    iban_last4: z.string().nullable(),
    sort_code_last2: z.string().nullable(),
    account_number_last4: z.string().nullable(),
    email_masked: z.string().nullable(),
    complete: z.boolean(),
    updated_at: z.string().nullable(),
    given_by_payee_at: z.string().nullable(),
  })
  .meta({ id: 'PayoutDetails' });
export const payoutDetailsResponse = z.looseObject({ payout_details: payoutDetailsRow });

/** The outstanding request for a payee's own bank details (sent when, to whom, until when), or null. */
const payoutRequestRow = z
  .looseObject({
    id: z.string(),
    email: z.string(),
    sent_at: z.string(),
    sent_by: z.string().nullable(),
    expires_at: z.string(),
  })
  .meta({ id: 'PayoutDetailsRequest' });
export const payoutRequestResponse = z.looseObject({ payout_details_request: payoutRequestRow.nullable() });

/** The public page of a payee's secure link: the company's and the payee's names only. */
export const payoutRequestPublicResponse = z.looseObject({
  payout_details_request: z.looseObject({ company_name: z.string(), payee_name: z.string(), expires_at: z.string() }),
});

/** The company's own account a SEPA file pays from, masked like payout details. */
export const debtorAccountResponse = z.looseObject({
  debtor_account: z.looseObject({
    name: z.string().nullable(),
    iban_last4: z.string().nullable(),
    bic: z.string().nullable(),
    uk_bulk_amounts: z.enum(['pounds', 'pence']),
    complete: z.boolean(),
  }),
});

/** What is due: each account's due statements, their payable, what paying them sends and why a run could not pay them. */
export const paymentsDueResponse = z.looseObject({
  payments_due: z.array(
    z.looseObject({
      account: accountRef,
      name: z.string(),
      currency: z.string(),
      statements: count,
      statement_ids: z.array(z.string()),
      payable: money,
      to_pay: money,
      minimum_payout: money,
      method: z.enum(PAYOUT_METHODS).nullable(),
      pay_currency: z.string(),
      problems: z.array(
        z.enum(['below_minimum_payout', 'no_payout_details', 'self_billing_invoice_missing', 'already_in_a_run']),
      ),
      warnings: z.array(z.string()),
    }),
  ),
  total: money,
  payable_total: money,
  to_pay_total: money,
  by_currency: z.array(z.looseObject({ currency: z.string(), total: money, to_pay_total: money, run_can_pay: money })),
  without_email: count,
});

/** A payment run: due statements frozen into bank files, then confirmed as paid. */
const paymentRunRow = recordRow({
  status: z.enum(['draft', 'exported', 'confirming', 'confirmed', 'cancelled']),
  execution_date: day,
  items: z.array(
    z.looseObject({
      statement_id: z.string(),
      statement_number: z.string(),
      account: accountRef,
      name: z.string(),
      amount: money,
      currency: z.string(),
      method: z.enum(PAYOUT_METHODS),
      converted: z.looseObject({ currency: z.string(), rate: z.string(), amount: money }).optional(),
      warnings: z.array(z.string()).optional(),
      payment_id: z.string().nullable(),
    }),
  ),
  files: z.array(
    z.looseObject({
      name: z.string(),
      method: z.enum(PAYOUT_METHODS),
      currency: z.string(),
      rows: count,
      total: money,
    }),
  ),
  totals: z.array(z.looseObject({ currency: z.string(), count, amount: money })),
  exchange_rates: z.array(z.looseObject({ from: z.string(), to: z.string(), rate: z.string() })),
  created_at: z.string(),
  exported_at: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  paid_count: count,
}).meta({ id: 'PaymentRun' });
export const paymentRunListResponse = rowsResponse('payment_runs', paymentRunRow, totals);
export const paymentRunResponse = recordResponse('payment_run', paymentRunRow);
export const paymentRunSavedResponse = savedResponse('payment_run', paymentRunRow);

/** A label's accounting over a date range: each period's figures and running balance, reconciling to its statements. */
export const labelAccountingResponse = z.looseObject({
  accounting: z
    .looseObject({
      label: z.looseObject({ id: z.string(), name: z.string(), deal_percentage: z.string().nullable() }),
      currency: z.string(),
      start_date: day,
      end_date: day,
      opening_balance: money,
      rows: z.array(
        z.looseObject({
          pay_period: z.string(),
          revenue: money,
          label_share: money,
          aggregator_fee: money,
          artist_share: money,
          expenses: money,
          recouped: money,
          paid: money,
          balance: money,
        }),
      ),
      totals: z.looseObject({ revenue: money, label_share: money, expenses: money, paid: money }),
      closing_balance: money,
      statements: z.array(z.looseObject({ id: z.string(), number: z.string(), royalties: money, paid: z.boolean() })),
    })
    .meta({ id: 'LabelAccounting' }),
});

/** A payee's or artist's finances over a date range: its earnings, and its account as it stands. */
export const accountFinancesResponse = z.looseObject({
  finances: z
    .looseObject({
      account: accountRef,
      name: z.string(),
      ...earningsOverRange,
      balance: money,
      owed: money,
      owed_by_currency: z.array(z.looseObject({ currency: z.string(), owed: money })),
      paid: money,
      statements: z.array(z.looseObject({ id: z.string(), number: z.string(), payable: money, paid: z.boolean() })),
    })
    .meta({ id: 'AccountFinances' }),
});

/** A report's first lines read through a column map before it is saved: its headers, rows, refusals, a map that fits. */
export const royaltyMapPreviewResponse = z.looseObject({
  headers: z.array(z.string()),
  rows: z.array(z.looseObject({})),
  rejected: z.array(z.looseObject({})).optional(),
  suggested_map_id: z.string().optional(),
});

/** The expenses of a statement period (of a label, when one is named), and the period. */
export const periodExpensesResponse = z.looseObject({
  expenses: z.array(expenseRow),
  start_pay_period: z.string(),
  end_pay_period: z.string(),
});

const withheldPayee = z.looseObject({ type: z.enum(['Payee', 'Artist', 'Label']), id: z.string(), name: z.string() });

/** GET /payments/withholding_tax: the tax withheld from the payments dated in the range, by payment, payee and currency. */
export const withholdingTaxResponse = z.object({
  from: z.string(),
  to: z.string(),
  payments: z.array(
    z.looseObject({
      payment_id: z.string(),
      payment_date: z.string(),
      payee: withheldPayee,
      currency: z.string(),
      statement_numbers: z.array(z.string()),
      payable: money,
      withheld: money,
      paid: money,
    }),
  ),
  payees: z.array(
    z.looseObject({ payee: withheldPayee, currency: z.string(), payments: count, payable: money, withheld: money }),
  ),
  totals: z.array(z.looseObject({ currency: z.string(), payments: count, payable: money, withheld: money })),
});

/** A register's CSV download (the tax withheld, the payments): the file's name and text. */
export const csvFileResponse = z.object({ filename: z.string(), csv: z.string() });

/** GET /payments/register: the payments dated in the range, as recorded, with sums per currency and per sent one. */
export const paymentsRegisterResponse = z.object({
  from: z.string(),
  to: z.string(),
  payments: z.array(paymentRow),
  totals: z.array(
    z.looseObject({
      currency: z.string(),
      payments: count,
      subtotal: money,
      vat: money,
      withheld: money,
      total: money,
    }),
  ),
  sent_totals: z.array(z.looseObject({ currency: z.string(), payments: count, total: money })),
});

/** POST /payments/summary: what a payment of the chosen statements would pay, by the rule recording it uses. */
export const paymentSummaryResponse = z.object({
  summary: z.looseObject({
    ...paymentFigureFields,
    vat: z.string(),
    self_billing: z.boolean(),
    statements: z.array(
      z.looseObject({
        id: z.string(),
        number: z.string(),
        payable: money,
        vat: money,
        withholding_tax: money,
        total: money,
      }),
    ),
    carried_statements: z.array(z.looseObject({ id: z.string(), number: z.string(), payable: money })),
  }),
});
