import ContentLayout from '@cloudscape-design/components/content-layout';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import { useParams } from 'react-router';
import { RecordState } from '../../components/record-state';
import { RouterLink } from '../../components/router-link';
import { importPage, ROYALTIES_PAGE, royaltiesApi, useRoyalty } from './royalties-api';
import { RoyaltyFormShell, useRoyaltyForm } from './royalty-form';
import { paidChanges, toRoyaltyPayload } from './royalty-form-model';
import { formatMoney } from '../../../../shared/money';
import type { Royalty } from '../../../../shared/schemas/royalty-views';

function RoyaltyForm({ royalty }: { royalty?: Royalty }) {
  const state = useRoyaltyForm({
    royalty,
    invalidate: '/royalties',
    listPage: ROYALTIES_PAGE,
    send: async (values) => {
      if (!royalty) return royaltiesApi.create(toRoyaltyPayload(values, false));
      const answer = await royaltiesApi.update(royalty.id, toRoyaltyPayload(values, true));
      for (const action of paidChanges(royalty, values)) await royaltiesApi.mark(action, { ids: [royalty.id] });
      return answer;
    },
  });
  return (
    <RoyaltyFormShell
      state={state}
      testId="royalty"
      title={royalty ? 'Edit royalty' : 'New sale'}
      description={
        royalty ? undefined : 'A sale outside the imported reports (a gig, a shop order), added to the ledger by hand.'
      }
    >
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
    </RoyaltyFormShell>
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
