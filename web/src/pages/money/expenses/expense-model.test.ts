import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../../../shared/messages';
import { expenseInput } from '../../../../../shared/schemas/expense';
import {
  deleteBlocked,
  emptyExpense,
  expensePagesFor,
  expenseTotal,
  toExpensePayload,
  validateExpense,
  listAfterForm,
} from './expense-model';
import { expensesPath } from './expenses-api';

const params = { page: 1, per_page: 50 };

describe('deleting an expense', () => {
  it("refuses a paid expense on the client with 'You cannot delete a paid expense'", () => {
    expect(MESSAGES.cannotDeletePaidExpense).toBe('You cannot delete a paid expense');
    expect(deleteBlocked({ paid: true })).toBe('You cannot delete a paid expense');
    expect(deleteBlocked({ paid: false })).toBeNull();
  });
});

describe('the expense form', () => {
  const filled = {
    ...emptyExpense('Expense', '2026-07-14'),
    description: 'Mastering',
    subtotal: '100.10',
    vat: '20.02',
  };

  it('starts not recoupable, at 100 % when it becomes so', () => {
    expect(emptyExpense('Expense', '2026-07-14')).toMatchObject({
      recoupable: false,
      recoupable_percentage: '100',
      paid: false,
      date: '2026-07-14',
    });
  });

  it('works the total out as subtotal + VAT, to the cent and exactly', () => {
    expect(expenseTotal('0.10', '0.20')).toBe('0.30');
    expect(expenseTotal('100.10', '')).toBe('100.10');
    expect(expenseTotal('1.005', '0')).toBeNull();
  });

  it('shows no total for an amount the API would refuse, since it is the API sum itself', () => {
    expect(expenseTotal('-5.00', '1.00')).toBeNull();
    expect(expenseTotal(' 12.5 ', '2.5')).toBe('15.00');
  });

  it('requires a date, a description and a subtotal in cents; a recoupable one needs its payee and at most 100 %', () => {
    expect(validateExpense(filled)).toEqual({});
    const empty = validateExpense(emptyExpense('Expense', ''));
    expect(empty).toMatchObject({
      date: 'Date is required',
      description: 'Description is required',
      subtotal: 'Subtotal is required',
    });
    expect(validateExpense({ ...filled, subtotal: '10.001' }).subtotal).toMatch(/2 decimals/);
    const recoupable = { ...filled, recoupable: true, recoupable_percentage: '120' };
    expect(validateExpense(recoupable)).toMatchObject({
      recoupable_percentage: 'Recoupable percentage must be a number from 0 to 100 with up to 2 decimals',
      payee: 'Payee is required for a recoupable expense',
    });
    expect(validateExpense({ ...filled, type: 'DistributionExpense' }).expensable_id).toBe(
      'Label is required for a distribution expense',
    );
  });

  it("says of the money what the API says, word for word, beside the field (the API's own rules)", () => {
    /** The API's message for one field of an otherwise valid expense. */
    const api = (field: string, value: unknown) =>
      expenseInput
        .safeParse({
          date: '2026-07-14',
          description: 'Mastering',
          subtotal: '1.00',
          recoupable: true,
          payee: { type: 'Payee', id: 'P1' },
          [field]: value,
        })
        .error?.issues.find((issue) => issue.path[0] === field)?.message;
    const cases: [keyof typeof filled, string][] = [
      ['subtotal', '10.001'],
      ['subtotal', '-5.00'],
      ['subtotal', '1234567890123'],
      ['vat', '-1.00'],
      ['vat', '1.234'],
      ['recoupable_percentage', '120'],
      ['recoupable_percentage', '33.333'],
      ['recoupable_percentage', 'half'],
    ];
    for (const [field, value] of cases) {
      const said = validateExpense({ ...filled, recoupable: true, payee: { id: 'P1', name: 'Ada' }, [field]: value });
      expect(said[field], `${field} ${value}`).toBe(api(field, value));
      expect(said[field], `${field} ${value}`).toBeTruthy();
    }
    expect(validateExpense({ ...filled, subtotal: '-5.00' }).subtotal).toBe('Subtotal must not be negative');
    expect(
      validateExpense({ ...filled, recoupable: true, payee: { id: 'P1', name: 'Ada' }, recoupable_percentage: '100' }),
    ).toEqual({});
  });

  it('sends ids, 2-decimal money and the total', () => {
    const payload = toExpensePayload({
      ...filled,
      label: { id: 'L1', name: 'Label' },
      payee: { id: 'P1', name: 'Ada' },
      recoupable: true,
      recoupable_percentage: '50',
      tags: ['a', ' a ', 'b'],
    });
    expect(payload).toMatchObject({
      expensable_id: 'L1',
      payee: { type: 'Payee', id: 'P1' },
      recoupable_percentage: 50,
      subtotal: '100.10',
      vat: '20.02',
      total: '120.12',
      tags: ['a', 'b'],
    });
    expect(payload).not.toHaveProperty('payee_id');
  });

  it("charges a recoupable distribution expense to its own label's account, never a payee's", () => {
    const distribution = {
      ...filled,
      type: 'DistributionExpense' as const,
      label: { id: 'L1', name: 'Label' },
      payee: { id: 'P1', name: 'Ada' },
    };
    expect(toExpensePayload({ ...distribution, recoupable: true }).payee).toEqual({ type: 'Label', id: 'L1' });
    expect(toExpensePayload(distribution).payee).toBeNull();
  });
});

describe('expense pages and list calls', () => {
  it("lists a label's expenses through label/expenses and the company's through expenses", () => {
    const label = expensePagesFor('/user/labels/finances/expenses');
    expect(label).toMatchObject({ byLabel: true, type: 'Expense' });
    expect(expensesPath(label, params, { label_id: 'L1' })).toBe('/label/expenses?page=1&per_page=50&label_id=L1');
    // A release page's expenses link lists that release's only.
    expect(expensesPath(label, params, { label_id: 'L1', release_id: 'R1' })).toBe(
      '/label/expenses?page=1&per_page=50&label_id=L1&release_id=R1',
    );
    const distribution = expensePagesFor('/user/labels/finances/distribution_expenses/new');
    expect(expensesPath(distribution, params, { label_id: 'L1' })).toMatch(/^\/label\/distribution_expenses\?/);
    const company = expensePagesFor('/distribution/finances/expenses');
    expect(company.byLabel).toBe(false);
    expect(company.edit('E1')).toBe('/distribution/finances/expenses/E1/edit');
    expect(expensesPath(company, params, { paid: 'true' })).toBe(
      '/expenses?page=1&per_page=50&paid=true&type=DistributionExpense',
    );
    // A company's distribution expenses: the company's whole list, the label area's forms.
    const ofCompany = expensePagesFor('/user/companies/C1/finances/distribution_expenses');
    expect(ofCompany).toMatchObject({
      list: '/user/companies/C1/finances/distribution_expenses',
      new: '/user/labels/finances/distribution_expenses/new',
      type: 'DistributionExpense',
      byLabel: false,
    });
    expect(ofCompany.edit('E1')).toBe('/user/labels/finances/distribution_expenses/E1/edit');
    expect(expensesPath(ofCompany, params, {})).toBe('/expenses?page=1&per_page=50&type=DistributionExpense');
  });

  it("goes back from a label's form to that label's list, named as well as identified", () => {
    const label = expensePagesFor('/user/labels/finances/expenses/new');
    expect(listAfterForm(label, { id: 'L1', name: 'Northern Lights & Co' })).toBe(
      '/user/labels/finances/expenses?label_id=L1&label_name=Northern+Lights+%26+Co',
    );
    expect(listAfterForm(label, null)).toBe('/user/labels/finances/expenses');
    expect(listAfterForm(expensePagesFor('/distribution/finances/expenses'), { id: 'L1', name: 'N' })).toBe(
      '/distribution/finances/expenses',
    );
  });
});
