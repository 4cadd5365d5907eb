import Alert from '@cloudscape-design/components/alert';
import ContentLayout from '@cloudscape-design/components/content-layout';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useInvalidate } from '../../../app/invalidate';
import { notify } from '../../../app/notifications';
import { FormShell } from '../../../components/form-shell';
import { useOnlyLabel } from '../../../components/only-label';
import type { PickedRecord } from '../../../components/record-picker';
import { RecordState } from '../../../components/record-state';
import { RouterLink } from '../../../components/router-link';
import { useFormSubmit } from '../../../components/use-form-submit';
import { today } from '../statements/statement-model';
import { ExpenseFormFields } from './expense-form-fields';
import {
  emptyExpense,
  expenseToValues,
  toExpensePayload,
  validateExpense,
  type ExpenseFormValues,
  listAfterForm,
} from './expense-model';
import { expensesApi, useExpense, useExpensePages } from './expenses-api';
import type { Expense } from '../../../../../shared/schemas/statement-views';

/** The form's field an API error names, where they differ: the total is worked out from the subtotal. */
const FORM_FIELD: Record<string, string> = { total: 'subtotal' };

function ExpenseForm({ expense }: { expense?: Expense }) {
  const navigate = useNavigate();
  const pages = useExpensePages();
  const [query] = useSearchParams();
  const refresh = useInvalidate('/expenses', '/label/expenses', '/label/distribution_expenses');
  const labelId = query.get('label_id');
  const [values, setValues] = useState<ExpenseFormValues>(() =>
    expense
      ? expenseToValues(expense)
      : emptyExpense(pages.type, today(), labelId ? { id: labelId, name: query.get('label_name') || labelId } : null),
  );
  const back = listAfterForm(pages, values.label);
  const form = useFormSubmit({
    validate: () => validateExpense(values),
    send: () => {
      const payload = toExpensePayload(values);
      return expense ? expensesApi.update(expense.id, payload) : expensesApi.create(payload);
    },
    onSuccess: async (answer) => {
      await refresh();
      notify('notification', answer.message ?? (expense ? 'Expense Updated' : 'Expense Added'));
      navigate(back);
    },
    fieldOf: (field) => FORM_FIELD[field] ?? field,
  });
  const set = <K extends keyof ExpenseFormValues>(key: K, value: ExpenseFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  // A new expense of a label (a label's expenses, or a distribution expense, always a label's) is given the company's
  // only label, as the lists and the label tools choose it.
  const giveLabel = useCallback((label: PickedRecord) => setValues((v) => (v.label ? v : { ...v, label })), []);
  useOnlyLabel(values.label, giveLabel, !expense && (pages.byLabel || pages.type === 'DistributionExpense'));
  return (
    <FormShell
      testId="expense"
      title={expense ? 'Edit expense' : 'New expense'}
      failure={form.failure}
      errors={form.errors}
      submitting={form.submitting}
      submitLabel={expense ? 'Save changes' : 'Add expense'}
      onSubmit={() => void form.submit()}
      onCancel={() => navigate(back)}
    >
      <SpaceBetween size="l">
        {expense?.statement_id ? (
          <Alert type="warning" data-testid="expense-on-statement">
            This expense is on a published statement: it cannot be changed. Correct it with an adjustment on the
            account's next statement.
          </Alert>
        ) : null}
        {expense?.licence_refund_id && !expense.statement_id ? (
          <Alert
            type="warning"
            data-testid="expense-licence-refund"
            action={<RouterLink href={`/user/licensing/${expense.licence_refund_id}`}>Open the licence</RouterLink>}
          >
            This expense is part of a licence's refund: it cannot be changed, so the refund always nets the cost out.
          </Alert>
        ) : null}
        <ExpenseFormFields values={values} set={set} errors={form.errors} />
      </SpaceBetween>
    </FormShell>
  );
}

/** …/expenses/new: a new expense (of the label given in the query, if any); then back to the list. */
export function NewExpensePage() {
  return (
    <ContentLayout>
      <ExpenseForm />
    </ContentLayout>
  );
}

/** …/expenses/{expenseId}/edit. */
export function EditExpensePage() {
  const { expenseId } = useParams();
  const { data, error, isLoading, mutate } = useExpense(expenseId);
  return (
    <RecordState
      error={error}
      isLoading={isLoading}
      data={data?.expense}
      retry={mutate}
      errorHeader="Could not load the expense"
    >
      {(expense) => (
        <ContentLayout>
          <ExpenseForm key={expense.id} expense={expense} />
        </ContentLayout>
      )}
    </RecordState>
  );
}
