import Big from 'big.js';
import { z } from 'zod';
import { VALIDATION } from '../messages.js';
import { centsAmount, money, optionalCents, percentage } from './money.js';
import { ACCOUNT_TYPES, EXPENSE_TYPES, type EntryKind, type Money } from './statement-views.js';

/**
 * What users send to record money against a payee's account: expenses and
 * account entries (advances, reserves, transfers, adjustments). The API parses with these schemas
 * and the SPA's forms validate with them. Amounts are strings in cents (shared/schemas/money.ts).
 */

const text = (max: number) => z.string().trim().max(max);
const requiredText = (label: string, max: number) =>
  z
    .string({ error: VALIDATION.required(label) })
    .trim()
    .min(1, { error: VALIDATION.required(label), abort: true })
    .max(max, VALIDATION.maxValue(label, `${max} characters`));
const id = z.string().trim().min(1).max(64);
const isoDate = (label: string) => z.iso.date(`${label} must be a date (YYYY-MM-DD)`);
/** An optional text a form may clear: blank or null is stored as nothing. */
const clearable = (max: number) =>
  z.preprocess((value) => (value === '' ? null : value), text(max).nullable().optional());
const clearableId = z.preprocess((value) => (value === '' ? null : value), id.nullable().optional());

/** A payee's account: a payee, an artist without payees, or a label (AccountRef). */
const accountRef = z.strictObject({ type: z.enum(ACCOUNT_TYPES), id });

const tags = z.array(z.string().trim().min(1, 'A tag must not be blank').max(100)).max(50);

/**
 * An expense's total: subtotal + VAT when not given; when given it must be exactly that sum.
 * Answers the total, or the sentence refusing it.
 */
export function expenseTotal(subtotal: Money, vat: Money, total?: Money): { total: Money } | { error: string } {
  const sum = money(new Big(subtotal).plus(vat));
  if (total !== undefined && !new Big(total).eq(sum)) return { error: `Total must equal subtotal + VAT (${sum})` };
  return { total: sum };
}

/** An expense as it will be stored, for the rules across its fields. */
type ExpenseShape = {
  type: (typeof EXPENSE_TYPES)[number];
  recoupable: boolean;
  expensable_id?: string | null;
  payee?: { type: string; id: string } | null;
};

/**
 * Rules across an expense's fields: a recoupable expense names the account it is recouped from;
 * a distribution expense is charged to its own label's distribution statement.
 */
export function expenseRuleProblems(expense: ExpenseShape): { field: string; message: string }[] {
  if (expense.type === 'DistributionExpense') {
    if (!expense.expensable_id)
      return [{ field: 'expensable_id', message: 'Label is required for a distribution expense' }];
    const { payee } = expense;
    if (payee && !(payee.type === 'Label' && payee.id === expense.expensable_id))
      return [{ field: 'payee', message: 'A distribution expense is charged to its own label' }];
    return [];
  }
  if (expense.recoupable && !expense.payee)
    return [{ field: 'payee', message: 'Payee is required for a recoupable expense' }];
  return [];
}

const expenseFields = {
  date: isoDate('Date'),
  description: requiredText('Description', 500),
  supplier: clearable(200),
  category: clearable(200),
  tags: tags.optional(),
  recoupable: z.boolean().optional(),
  recoupable_percentage: percentage('Recoupable percentage').optional(),
  subtotal: centsAmount('Subtotal'),
  vat: optionalCents('VAT'),
  total: optionalCents('Total'),
  paid: z.boolean().optional(),
  /** The label the expense belongs to (expensable, of type Label). */
  expensable_id: clearableId,
  /** Recouped from this account when recoupable. */
  payee: accountRef.nullable().optional(),
  release_id: clearableId,
};

/** A new expense (POST expenses): recoupable false and recoupable_percentage 100 unless given. */
export const expenseInput = z
  .strictObject({ type: z.enum(EXPENSE_TYPES).optional(), ...expenseFields })
  .transform((input, ctx) => {
    const vat = input.vat ?? '0.00';
    const total = expenseTotal(input.subtotal, vat, input.total);
    if ('error' in total) {
      ctx.addIssue({ code: 'custom', path: ['total'], message: total.error });
      return z.NEVER;
    }
    const expense = {
      ...input,
      type: input.type ?? 'Expense',
      tags: input.tags ?? [],
      recoupable: input.recoupable ?? false,
      recoupable_percentage: input.recoupable_percentage ?? 100,
      paid: input.paid ?? false,
      vat,
      total: total.total,
    };
    const problems = expenseRuleProblems(expense);
    for (const problem of problems) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    return problems.length ? z.NEVER : expense;
  });
export type ExpenseInput = z.output<typeof expenseInput>;

/** Changes to an expense (PATCH expenses/{id}): any field; the total is checked against the stored figures. */
export const expenseUpdate = z.strictObject({
  type: z.enum(EXPENSE_TYPES).optional(),
  ...expenseFields,
  date: expenseFields.date.optional(),
  description: expenseFields.description.optional(),
  subtotal: optionalCents('Subtotal'),
});
export type ExpenseUpdate = z.output<typeof expenseUpdate>;

/** The kinds a user records by hand; payments are written by marking a statement paid. */
const ENTERED_KINDS = ['advance', 'reserve', 'reserve_release', 'transfer', 'adjustment'] as const;

/**
 * Kinds whose amount is typed as a positive number though it is taken from the account (the
 * stored amount is its effect on what the label owes): an advance of 300.00 is stored as −300.00.
 */
const TAKEN: ReadonlySet<EntryKind> = new Set(['advance', 'reserve', 'payment']);
/** Kinds typed with their own sign (a transfer out is negative). */
const SIGNED: ReadonlySet<EntryKind> = new Set(['transfer', 'adjustment']);

/** The stored amount of an entry: its effect on what the label owes the account. */
export function entryEffect(kind: EntryKind, entered: Money): Money {
  return TAKEN.has(kind) ? money(new Big(entered).neg()) : entered;
}

/** What the user typed for a stored entry (the inverse of entryEffect), for the edit form. */
export function enteredAmount(kind: EntryKind, effect: Money): Money {
  return TAKEN.has(kind) ? money(new Big(effect).neg()) : effect;
}

/** Why an entered amount does not suit its kind, if it does not. */
export function entryAmountProblem(kind: EntryKind, entered: Money): string | undefined {
  const value = new Big(entered);
  if (SIGNED.has(kind)) return value.eq(0) ? 'Amount must not be 0' : undefined;
  return value.gt(0) ? undefined : 'Amount must be more than 0';
}

const entryFields = {
  kind: z.enum(ENTERED_KINDS),
  /** Positive for advances, reserves and releases; signed for transfers and adjustments. */
  amount: centsAmount('Amount', { signed: true }),
  date: isoDate('Date'),
  description: clearable(500),
  release_id: clearableId,
};

/** A new account entry (POST account_entries). */
export const accountEntryInput = z.strictObject({ account: accountRef, ...entryFields }).superRefine((entry, ctx) => {
  const problem = entryAmountProblem(entry.kind, entry.amount);
  if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
});
export type AccountEntryInput = z.output<typeof accountEntryInput>;

/** Changes to an account entry (PATCH account_entries/{id}); its account never changes. */
export const accountEntryUpdate = z.strictObject({
  kind: entryFields.kind.optional(),
  amount: optionalCents('Amount', { signed: true }),
  date: entryFields.date.optional(),
  description: entryFields.description,
  release_id: entryFields.release_id,
});
export type AccountEntryUpdate = z.output<typeof accountEntryUpdate>;
