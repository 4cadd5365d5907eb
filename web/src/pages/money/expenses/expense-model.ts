import Big from 'big.js';
import type { z } from 'zod';
import { MESSAGES, VALIDATION } from '../../../../../shared/messages';
import { expenseTotal as savedTotal } from '../../../../../shared/schemas/expense';
import { centsAmount, optionalCents, percentage } from '../../../../../shared/schemas/money';
import type { Expense, ExpenseType } from '../../../../../shared/schemas/statement-views';
import type { PickedRecord } from '../../../components/record-picker';
import { dayProblem } from '../../../components/form-rules';

/**
 * A paid expense cannot be deleted: the client says so and makes no call. Any
 * other refusal (an expense already on a published statement) is the server's to give.
 */
export function deleteBlocked(expense: Pick<Expense, 'paid'>): string | null {
  return expense.paid ? MESSAGES.cannotDeletePaidExpense : null;
}

export type ExpenseFormValues = {
  type: ExpenseType;
  date: string;
  description: string;
  supplier: string;
  category: string;
  tags: string[];
  label: PickedRecord | null;
  payee: PickedRecord | null;
  release: PickedRecord | null;
  recoupable: boolean;
  recoupable_percentage: string;
  subtotal: string;
  vat: string;
  paid: boolean;
};

/** A new expense: today, not recoupable, recoupable at 100 % when it becomes so. */
export function emptyExpense(type: ExpenseType, date: string, label: PickedRecord | null = null): ExpenseFormValues {
  return {
    type,
    date,
    description: '',
    supplier: '',
    category: '',
    tags: [],
    label,
    payee: null,
    release: null,
    recoupable: false,
    recoupable_percentage: '100',
    subtotal: '',
    vat: '0.00',
    paid: false,
  };
}

export function expenseToValues(expense: Expense): ExpenseFormValues {
  return {
    type: expense.type,
    date: expense.date,
    description: expense.description,
    supplier: expense.supplier ?? '',
    category: expense.category ?? '',
    tags: expense.tags,
    label: expense.label,
    payee: expense.payee_id ? { id: expense.payee_id, name: expense.payee_name ?? expense.payee_id } : null,
    release: expense.release_id ? { id: expense.release_id, name: expense.release_title ?? expense.release_id } : null,
    recoupable: expense.recoupable,
    recoupable_percentage: String(expense.recoupable_percentage),
    subtotal: expense.subtotal,
    vat: expense.vat,
    paid: expense.paid,
  };
}

/**
 * subtotal + VAT to the cent, or null while either is not an amount: the API's own sum
 * (shared/schemas/expense.ts), so the total the form shows is the one the expense will be saved with.
 */
export function expenseTotal(subtotal: string, vat: string): string | null {
  const parsedSubtotal = SUBTOTAL.safeParse(subtotal);
  const parsedVat = VAT.safeParse(vat);
  if (!parsedSubtotal.success || !parsedVat.success) return null;
  const sum = savedTotal(parsedSubtotal.data, parsedVat.data ?? '0.00');
  return 'total' in sum ? sum.total : null;
}

/** What the API's own rule for a field says of a value, or null when it takes it. */
function problemOf(rule: z.ZodType, value: string): string | null {
  return rule.safeParse(value).error?.issues[0]?.message ?? null;
}

/** The API's rules for the expense's money (shared/schemas/expense.ts), so the form says what the API would say. */
const SUBTOTAL = centsAmount('Subtotal');
const VAT = optionalCents('VAT');
const RECOUPABLE_PERCENTAGE = percentage('Recoupable percentage');

/** The form's problems, keyed by the API's field names, in the product's words (the API's own for the money). */
export function validateExpense(values: ExpenseFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const day = dayProblem('Date', values.date, true);
  if (day) errors.date = day;
  if (!values.description.trim()) errors.description = VALIDATION.required('Description');
  const subtotal = problemOf(SUBTOTAL, values.subtotal);
  if (subtotal) errors.subtotal = subtotal;
  const vat = problemOf(VAT, values.vat);
  if (vat) errors.vat = vat;
  if (values.recoupable) {
    const percent = problemOf(RECOUPABLE_PERCENTAGE, values.recoupable_percentage);
    if (percent) errors.recoupable_percentage = percent;
    if (values.type === 'Expense' && !values.payee) errors.payee = 'Payee is required for a recoupable expense';
  }
  if (values.type === 'DistributionExpense' && !values.label)
    errors.expensable_id = 'Label is required for a distribution expense';
  return errors;
}

/**
 * Who a recoupable expense is recouped from: the chosen payee; a distribution expense is charged
 * to its own label's account (the API refuses any other).
 */
function recoupedFrom(values: ExpenseFormValues): { type: 'Payee' | 'Label'; id: string } | null {
  if (values.type === 'DistributionExpense')
    return values.recoupable && values.label ? { type: 'Label', id: values.label.id } : null;
  return values.payee ? { type: 'Payee', id: values.payee.id } : null;
}

/** The body the expenses API takes: ids for the linked records, money as 2-decimal strings, the total worked out. */
export function toExpensePayload(values: ExpenseFormValues) {
  const vat = values.vat.trim() || '0';
  return {
    type: values.type,
    date: values.date.trim(),
    description: values.description.trim(),
    supplier: values.supplier.trim() || null,
    category: values.category.trim() || null,
    tags: [...new Set(values.tags.map((t) => t.trim()).filter(Boolean))],
    expensable_id: values.label?.id ?? null,
    payee: recoupedFrom(values),
    release_id: values.release?.id ?? null,
    recoupable: values.recoupable,
    recoupable_percentage: values.recoupable ? Number(values.recoupable_percentage.trim()) : 100,
    subtotal: new Big(values.subtotal.trim()).toFixed(2),
    vat: new Big(vat).toFixed(2),
    total: expenseTotal(values.subtotal, vat) ?? '0.00',
    paid: values.paid,
  };
}

/** The expense pages of the area a page is in, and what its list shows. */
export type ExpensePages = {
  list: string;
  new: string;
  edit: (id: string) => string;
  type: ExpenseType;
  /** A label's expenses: nothing is listed until a label is chosen ('No Label Selected'). */
  byLabel: boolean;
};

const enc = encodeURIComponent;
const pagesUnder = (list: string, type: ExpenseType, byLabel: boolean): ExpensePages => ({
  list,
  new: `${list}/new`,
  edit: (id) => `${list}/${enc(id)}/edit`,
  type,
  byLabel,
});

/** UserCompanyFinancesDistributionExpenses: the current company's distribution expenses (its own list path). */
const COMPANY_DISTRIBUTION_EXPENSES = /^\/user\/companies\/[^/]+\/finances\/distribution_expenses\/?$/;

export function expensePagesFor(pathname: string): ExpensePages {
  // A company's list has no form pages of its own: new and edit are the label area's (a user's route).
  if (COMPANY_DISTRIBUTION_EXPENSES.test(pathname)) {
    const forms = pagesUnder('/user/labels/finances/distribution_expenses', 'DistributionExpense', false);
    return { ...forms, list: pathname.replace(/\/$/, '') };
  }
  if (pathname.startsWith('/user/labels/finances/distribution_expenses'))
    return pagesUnder('/user/labels/finances/distribution_expenses', 'DistributionExpense', true);
  if (pathname.startsWith('/user/labels/finances/expenses'))
    return pagesUnder('/user/labels/finances/expenses', 'Expense', true);
  // The distribution area records what it charges its distributed labels (their distribution statements' costs).
  return pagesUnder('/distribution/finances/expenses', 'DistributionExpense', false);
}

/**
 * Where a saved or cancelled form goes: a label's list goes back to the form's label, named as well as identified,
 * since a list given only the id shows the id where the name belongs.
 */
export function listAfterForm(pages: ExpensePages, label: PickedRecord | null): string {
  return label && pages.byLabel
    ? `${pages.list}?${new URLSearchParams({ label_id: label.id, label_name: label.name })}`
    : pages.list;
}
