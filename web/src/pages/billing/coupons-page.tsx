import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import { CurrencySelect } from '../../components/currency-select';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { notify, notifyError } from '../../app/notifications';
import { FormModal } from '../../components/form-modal';
import { FormattedDate } from '../../components/formatted';
import { useFormSubmit } from '../../components/use-form-submit';
import { COUPON_DURATIONS } from '../../../../shared/schemas/billing';
import { billingApi, useCoupons } from './billing-api';
import { couponTerms } from './billing-model';

type Draft = {
  id: string;
  name: string;
  kind: 'percent' | 'amount';
  value: string;
  currency: string;
  duration: string;
  months: string;
};
const blank: Draft = { id: '', name: '', kind: 'percent', value: '', currency: 'gbp', duration: 'once', months: '' };

/** The coupon as the API takes it: a percent, or an amount in pence entered in pounds (no float: split the text). */
function couponBody(draft: Draft): Record<string, unknown> {
  const [whole = '0', fraction = ''] = draft.value.trim().split('.');
  const pence = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return {
    ...(draft.id.trim() ? { id: draft.id.trim() } : {}),
    ...(draft.name.trim() ? { name: draft.name.trim() } : {}),
    ...(draft.kind === 'percent'
      ? { percent_off: Number(draft.value) }
      : { amount_off: pence, currency: draft.currency }),
    duration: draft.duration,
    ...(draft.duration === 'repeating' ? { duration_in_months: Number(draft.months) } : {}),
  };
}

function NewCoupon({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const [draft, setDraft] = useState(blank);
  const set = (field: keyof Draft) => (value: string) => setDraft({ ...draft, [field]: value });
  const form = useFormSubmit({
    validate: (): Record<string, string> =>
      /^\d+(\.\d{1,2})?$/.test(draft.value.trim()) ? {} : { value: 'Give a number' },
    send: () => billingApi.createCoupon(couponBody(draft)),
    onSuccess: (answer) => {
      notify('notification', answer.message ?? 'Coupon Added');
      onSaved();
    },
    fieldOf: (field) => (field === 'percent_off' || field === 'amount_off' ? 'value' : field),
  });
  const option = (value: string) => ({ value, label: value });
  return (
    <FormModal
      header="New coupon"
      onClose={onClose}
      onSubmit={form.submit}
      busy={form.submitting}
      submitText="Create"
      submitTestId="coupon-create"
    >
      <FormField label="Code" description="Letters, digits, _ or -; left empty, one is made" errorText={form.errors.id}>
        <Input value={draft.id} onChange={({ detail }) => set('id')(detail.value)} data-testid="coupon-id" />
      </FormField>
      <FormField label="Name" errorText={form.errors.name}>
        <Input value={draft.name} onChange={({ detail }) => set('name')(detail.value)} />
      </FormField>
      <FormField label="Discount">
        <Select
          selectedOption={
            draft.kind === 'percent'
              ? { value: 'percent', label: 'Percent off' }
              : { value: 'amount', label: 'Amount off' }
          }
          options={[
            { value: 'percent', label: 'Percent off' },
            { value: 'amount', label: 'Amount off' },
          ]}
          onChange={({ detail }) => set('kind')(detail.selectedOption.value ?? 'percent')}
        />
      </FormField>
      <FormField
        label={draft.kind === 'percent' ? 'Percent' : 'Amount'}
        errorText={form.errors.value ?? form.failure ?? undefined}
      >
        <Input value={draft.value} onChange={({ detail }) => set('value')(detail.value)} data-testid="coupon-value" />
      </FormField>
      {draft.kind === 'amount' && (
        <FormField label="Currency" errorText={form.errors.currency}>
          <CurrencySelect value={draft.currency} onChange={set('currency')} testId="coupon-currency" />
        </FormField>
      )}
      <FormField label="Duration" errorText={form.errors.duration}>
        <Select
          selectedOption={option(draft.duration)}
          options={COUPON_DURATIONS.map(option)}
          onChange={({ detail }) => set('duration')(detail.selectedOption.value ?? 'once')}
        />
      </FormField>
      {draft.duration === 'repeating' && (
        <FormField label="Duration in months" errorText={form.errors.duration_in_months}>
          <Input value={draft.months} onChange={({ detail }) => set('months')(detail.value)} />
        </FormField>
      )}
    </FormModal>
  );
}

/** /billing/coupons: the provider's coupons, created and deleted by admins. */
export function CouponsPage() {
  const load = useCoupons();
  const [creating, setCreating] = useState(false);
  const remove = async (id: string) => {
    try {
      notify('notification', (await billingApi.deleteCoupon(id)).message ?? 'Coupon Deleted');
      await load.mutate();
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    // The list is the page: its title is the page's one heading.
    <ContentLayout>
      <Table
        variant="full-page"
        loading={load.isLoading}
        items={load.data?.coupons ?? []}
        header={
          <Header
            variant="awsui-h1-sticky"
            actions={
              <Button onClick={() => setCreating(true)} data-testid="coupon-new">
                New coupon
              </Button>
            }
          >
            Coupons
          </Header>
        }
        empty="No coupons"
        data-testid="coupons"
        columnDefinitions={[
          { id: 'id', header: 'Code', cell: (coupon) => coupon.id },
          { id: 'name', header: 'Name', cell: (coupon) => coupon.name ?? '-' },
          { id: 'terms', header: 'Terms', cell: (coupon) => couponTerms(coupon) },
          { id: 'redeemed', header: 'Redeemed', cell: (coupon) => coupon.times_redeemed },
          { id: 'created', header: 'Created', cell: (coupon) => <FormattedDate value={coupon.created} /> },
          {
            id: 'delete',
            header: 'Actions',
            cell: (coupon) => (
              <Button
                variant="inline-link"
                onClick={() => void remove(coupon.id)}
                data-testid={`coupon-delete-${coupon.id}`}
              >
                Delete
              </Button>
            ),
          },
        ]}
      />
      {creating && (
        <NewCoupon
          onClose={() => setCreating(false)}
          onSaved={() => {
            setCreating(false);
            void load.mutate();
          }}
        />
      )}
    </ContentLayout>
  );
}
