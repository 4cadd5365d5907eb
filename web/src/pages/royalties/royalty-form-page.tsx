import ContentLayout from '@cloudscape-design/components/content-layout';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { notify } from '../../app/notifications';
import { useInvalidate } from '../../app/invalidate';
import { FormShell } from '../../components/form-shell';
import { RecordState } from '../../components/record-state';
import { RouterLink } from '../../components/router-link';
import { useFormSubmit } from '../../components/use-form-submit';
import { importPage, ROYALTIES_PAGE, royaltiesApi, useRoyalty } from './royalties-api';
import { RoyaltyFormFields } from './royalty-form-fields';
import {
  emptySale,
  paidChanges,
  royaltyToValues,
  toRoyaltyPayload,
  validateRoyalty,
  type RoyaltyFormValues,
} from './royalty-form-model';
import { formatMoney } from './royalty-model';
import type { Royalty } from '../../../../shared/schemas/royalty-views';

/** The spec's success notices (spec 3 §8), used when the answer carries none. */
const ADDED = 'Royalty Added';
const UPDATED = 'Royalty Updated';

function RoyaltyForm({ royalty }: { royalty?: Royalty }) {
  const navigate = useNavigate();
  const refresh = useInvalidate('/royalties');
  const [values, setValues] = useState<RoyaltyFormValues>(() => (royalty ? royaltyToValues(royalty) : emptySale()));
  const form = useFormSubmit({
    validate: () => validateRoyalty(values, Boolean(royalty)),
    send: async () => {
      if (!royalty) return royaltiesApi.create(toRoyaltyPayload(values, false));
      const answer = await royaltiesApi.update(royalty.id, toRoyaltyPayload(values, true));
      for (const action of paidChanges(royalty, values)) await royaltiesApi.mark(action, { ids: [royalty.id] });
      return answer;
    },
    onSuccess: async (answer) => {
      await refresh();
      notify('notification', answer.message ?? (royalty ? UPDATED : ADDED));
      navigate(ROYALTIES_PAGE);
    },
  });
  const set = <K extends keyof RoyaltyFormValues>(key: K, value: RoyaltyFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  return (
    <FormShell
      testId="royalty"
      title={royalty ? 'Edit royalty' : 'New sale'}
      description={
        royalty ? undefined : 'A sale outside the imported reports (a gig, a shop order), added to the ledger by hand.'
      }
      failure={form.failure}
      errors={form.errors}
      submitting={form.submitting}
      submitLabel={royalty ? 'Save changes' : 'Add sale'}
      onSubmit={() => void form.submit()}
      onCancel={() => navigate(ROYALTIES_PAGE)}
    >
      <SpaceBetween size="l">
        {royalty ? (
          <Container header={<Header variant="h2">As reported</Header>}>
            <KeyValuePairs
              columns={4}
              items={[
                { label: 'Reported', value: formatMoney(royalty.subtotal_payable, royalty.currency) },
                { label: 'Exchange rate', value: royalty.exchange_rate ?? '-' },
                { label: 'Amount', value: formatMoney(royalty.amount, royalty.company_currency) },
                {
                  label: 'Source',
                  value: royalty.import_id ? (
                    <RouterLink href={importPage(royalty.import_id)}>Import, line {royalty.line}</RouterLink>
                  ) : (
                    'Manual sale'
                  ),
                },
              ]}
            />
          </Container>
        ) : null}
        <RoyaltyFormFields values={values} set={set} errors={form.errors} editing={Boolean(royalty)} />
      </SpaceBetween>
    </FormShell>
  );
}

/** UserRoyaltiesNewSale (/user/royalties/new_sale): a manual sale; then 'Royalty Added' and back to the list. */
export function NewSalePage() {
  return (
    <ContentLayout>
      <RoyaltyForm />
    </ContentLayout>
  );
}

/** /user/royalties/{royaltyId}/edit: one line's fields and paid marks; then 'Royalty Updated'. */
export function EditRoyaltyPage() {
  const { royaltyId } = useParams();
  const { data, error, isLoading, mutate } = useRoyalty(royaltyId);
  return (
    <RecordState
      error={error}
      isLoading={isLoading}
      data={data?.royalty}
      retry={mutate}
      errorHeader="Could not load the royalty"
    >
      {(royalty) => (
        <ContentLayout>
          <RoyaltyForm key={royalty.id} royalty={royalty} />
        </ContentLayout>
      )}
    </RecordState>
  );
}
