import { inject } from 'vitest';
import { ulid } from 'ulid';
import { statementFigures } from './statement-figures.js';
import { selfBillingFigures } from '../../functions/money/statements/accounts/self-billing.js';

/**
 * Writes a published, unpaid statement of a payee straight into the table, as the statements
 * worker would, paying `payable` in `currency` (payment runs only read what a published
 * statement says: its number, account, currency and payable). Answers its id and number.
 */
export async function dueStatement(
  tenantId: string,
  payee: { id: string; name: string },
  payable: string,
  currency = 'EUR',
  extra: { self_billing?: boolean; period?: [string, string]; vat_rate?: number } = {},
): Promise<{ id: string; number: string }> {
  Object.assign(process.env, inject('cloudEnv'));
  const { getDb } = await import('../../functions/data/service.js');
  const statementId = ulid();
  const number = `PR-${statementId.slice(-8)}`;
  await getDb()
    .entities.Statement.create({
      tenantId,
      statementId,
      number,
      type: 'Statement',
      accountKey: `Payee#${payee.id}`,
      payee_name: payee.name,
      subject: 'Royalty Statement',
      start_pay_period: extra.period?.[0] ?? '2026-01',
      end_pay_period: extra.period?.[1] ?? '2026-03',
      accounting_period: '2026-Q1',
      currency,
      figures: statementFigures({ royalties: payable, closing_balance: payable, payable }),
      ...(extra.self_billing
        ? {
            self_billing: {
              invoice_number: `SB-${statementId.slice(-6)}`,
              // As publishing works it out: VAT at the payee's rate when it is VAT-registered, none otherwise.
              ...selfBillingFigures(payable, { vat_registered: Boolean(extra.vat_rate), vat_rate: extra.vat_rate }),
              issued_at: new Date().toISOString(),
            },
          }
        : {}),
      control: { lines: 0, lines_total: '0.000000', rounding_in: '0.000000', rounding_out: '0.000000' },
    })
    .go();
  // As the statements worker does: finances and dashboards hold the money records per version.
  const { moneyRecordsChanged } = await import('../../functions/data/list-cache.js');
  await moneyRecordsChanged(tenantId);
  return { id: statementId, number };
}
