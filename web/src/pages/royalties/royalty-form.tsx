import SpaceBetween from '@cloudscape-design/components/space-between';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { useInvalidate } from '../../app/invalidate';
import { notify } from '../../app/notifications';
import { FormShell } from '../../components/form-shell';
import { useFormSubmit } from '../../components/use-form-submit';
import { RoyaltyFormFields } from './royalty-form-fields';
import { emptySale, royaltyToValues, validateRoyalty, type RoyaltyFormValues } from './royalty-form-model';
import type { Royalty } from '../../../../shared/schemas/royalty-views';

/** The product's success notices, used when the answer carries none. */
const ADDED = 'Royalty Added';
const UPDATED = 'Royalty Updated';

/**
 * The state the tenant and admin royalty forms share: the values (a new sale or the line's own),
 * the submit cycle, and after success a refresh of `invalidate`, the notice and a return to `listPage`.
 */
export function useRoyaltyForm<T extends { message?: string }>(options: {
  royalty?: Royalty;
  invalidate: string;
  listPage: string;
  /** Field errors beyond the royalty's own. */
  validate?: () => Record<string, string>;
  send: (values: RoyaltyFormValues) => Promise<T>;
}) {
  const { royalty, listPage } = options;
  const navigate = useNavigate();
  // An edited line may no longer be unmatched: its import's unmatched list and counts are read again too.
  const refresh = useInvalidate(options.invalidate, '/royalty_imports/');
  const [values, setValues] = useState<RoyaltyFormValues>(() => (royalty ? royaltyToValues(royalty) : emptySale()));
  const form = useFormSubmit({
    validate: () => ({ ...validateRoyalty(values, Boolean(royalty)), ...options.validate?.() }),
    send: () => options.send(values),
    onSuccess: async (answer) => {
      await refresh();
      notify('notification', answer.message ?? (royalty ? UPDATED : ADDED));
      navigate(listPage);
    },
  });
  const set = <K extends keyof RoyaltyFormValues>(key: K, value: RoyaltyFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  return { values, set, form, editing: Boolean(royalty), cancel: () => navigate(listPage) };
}

/** The royalty form's frame: the shell, what `children` puts above the fields, then the fields. */
export function RoyaltyFormShell({
  state,
  testId,
  title,
  description,
  children,
}: {
  state: ReturnType<typeof useRoyaltyForm>;
  testId: string;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}) {
  const { values, set, form, editing, cancel } = state;
  return (
    <FormShell
      testId={testId}
      title={title}
      description={description}
      failure={form.failure}
      errors={form.errors}
      submitting={form.submitting}
      submitLabel={editing ? 'Save changes' : 'Add sale'}
      onSubmit={() => void form.submit()}
      onCancel={cancel}
    >
      <SpaceBetween size="l">
        {children}
        <RoyaltyFormFields values={values} set={set} errors={form.errors} editing={editing} />
      </SpaceBetween>
    </FormShell>
  );
}
