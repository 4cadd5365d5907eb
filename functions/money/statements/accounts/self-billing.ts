import Big from 'big.js';
import { money } from '../../../../shared/schemas/money.js';
import type { Money, SelfBillingInvoice } from '../../../../shared/schemas/statement-views.js';

/**
 * A self-billing invoice's figures: the label
 * invoices itself on the payee's behalf for what the statement pays. Pure; publishing numbers
 * the invoice once from the company's 'self_billing_invoice' sequence.
 */
export type SelfBillingFigures = Omit<SelfBillingInvoice, 'invoice_number' | 'issued_at'>;

type CompanyAgreement = { self_billing?: boolean; self_billing_expires_at?: string };
type PayeeAgreement = { self_billing?: boolean; vat_registered?: boolean; vat_rate?: number | null };

/**
 * Whether a statement issued on `day` (YYYY-MM-DD) carries a self-billing invoice: the company
 * has an agreement that has not expired, the payee has agreed too, and something is paid.
 */
export function selfBillingApplies(
  company: CompanyAgreement,
  payee: PayeeAgreement,
  payable: Money,
  day: string,
): boolean {
  const expires = company.self_billing_expires_at?.slice(0, 10);
  const inForce = Boolean(company.self_billing) && (!expires || expires >= day);
  return inForce && Boolean(payee.self_billing) && new Big(payable).gt(0);
}

/** Subtotal = what is paid; VAT at the payee's rate (half-up to the cent) when it is VAT-registered. */
export function selfBillingFigures(payable: Money, payee: PayeeAgreement): SelfBillingFigures {
  const rate = payee.vat_registered ? (payee.vat_rate ?? 20) : 0;
  const subtotal = new Big(payable);
  const vat = subtotal.times(rate).div(100).round(2, Big.roundHalfUp);
  return { vat_rate: String(rate), subtotal: money(subtotal), vat: money(vat), total: money(subtotal.plus(vat)) };
}
