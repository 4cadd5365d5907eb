import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { RecordState } from '../../components/record-state';
import { useFormSubmit } from '../../components/use-form-submit';
import type { LocalCheckoutView } from '../../../../shared/schemas/billing';
import { billingApi, useLocalCheckout } from './billing-api';
import { appPath, formatPence } from './billing-model';

const nextYear = String(new Date().getFullYear() + 2);

/**
 * The local billing provider's checkout page (local cloud only; Stripe Checkout in AWS): a test card pays the
 * plan's first period. 4242 4242 4242 4242 is paid, 4000 0000 0000 0341 declined. A paid checkout emits the
 * provider's events to the webhook, and the company is on the plan once the billing worker applied them.
 */
function CheckoutForm({ checkout }: { checkout: LocalCheckoutView }) {
  const navigate = useNavigate();
  const [card, setCard] = useState({ card_number: '', exp_month: '12', exp_year: nextYear, cvc: '' });
  const set = (field: keyof typeof card) => (value: string) => setCard({ ...card, [field]: value });
  const form = useFormSubmit({
    validate: (): Record<string, string> => (card.card_number.trim() ? {} : { card_number: 'Card number is required' }),
    send: () =>
      billingApi.pay(checkout.id, {
        card_number: card.card_number,
        exp_month: Number(card.exp_month),
        exp_year: Number(card.exp_year),
        cvc: card.cvc,
      }),
    onSuccess: ({ url }) => navigate(appPath(url)),
  });
  const plan = checkout.plan;
  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">{checkout.company_name ?? 'Your company'}</Header>}>
        <KeyValuePairs
          columns={3}
          items={[
            { label: 'Plan', value: plan.name },
            { label: 'Price', value: `${formatPence(plan.amount, plan.currency)} per ${plan.interval}` },
            {
              label: 'Due today',
              value: <strong data-testid="checkout-amount">{formatPence(checkout.amount_due, plan.currency)}</strong>,
            },
            ...(checkout.coupon ? [{ label: 'Coupon', value: checkout.coupon }] : []),
          ]}
        />
      </Container>
      {checkout.status !== 'open' ? (
        <Alert type="success" header="This checkout is complete">
          <Button onClick={() => navigate(appPath(checkout.success_url))}>Back to the plan</Button>
        </Alert>
      ) : (
        <form onSubmit={(event) => event.preventDefault()}>
          <Form
            errorText={form.failure}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="link" onClick={() => navigate(appPath(checkout.cancel_url))}>
                  Cancel
                </Button>
                <Button
                  variant="primary"
                  loading={form.submitting}
                  onClick={() => void form.submit()}
                  data-testid="checkout-pay"
                >
                  Pay {formatPence(checkout.amount_due, plan.currency)}
                </Button>
              </SpaceBetween>
            }
          >
            <Container header={<Header variant="h2">Card</Header>}>
              <SpaceBetween size="m">
                <Alert type="info" header="Local test checkout: no card is charged">
                  Use 4242 4242 4242 4242 for a paid checkout, or 4000 0000 0000 0341 for a declined card.
                </Alert>
                <FormField label="Card number" errorText={form.errors.card_number}>
                  <Input
                    value={card.card_number}
                    onChange={({ detail }) => set('card_number')(detail.value)}
                    placeholder="4242 4242 4242 4242"
                    inputMode="numeric"
                    data-testid="checkout-card-number"
                  />
                </FormField>
                <ColumnLayout columns={3}>
                  <FormField label="Expiry month" errorText={form.errors.exp_month}>
                    <Input value={card.exp_month} onChange={({ detail }) => set('exp_month')(detail.value)} />
                  </FormField>
                  <FormField label="Expiry year" errorText={form.errors.exp_year}>
                    <Input value={card.exp_year} onChange={({ detail }) => set('exp_year')(detail.value)} />
                  </FormField>
                  <FormField label="CVC" errorText={form.errors.cvc}>
                    <Input
                      value={card.cvc}
                      onChange={({ detail }) => set('cvc')(detail.value)}
                      placeholder="123"
                      data-testid="checkout-cvc"
                    />
                  </FormField>
                </ColumnLayout>
              </SpaceBetween>
            </Container>
          </Form>
        </form>
      )}
    </SpaceBetween>
  );
}

export function LocalCheckoutPage() {
  const { sessionId } = useParams();
  const load = useLocalCheckout(sessionId);
  return (
    <ContentLayout header={<Header variant="h1">Checkout</Header>}>
      <RecordState
        error={load.error}
        isLoading={load.isLoading}
        data={load.data}
        retry={load.mutate}
        errorHeader="Could not load the checkout"
      >
        {({ checkout }) => <CheckoutForm checkout={checkout} />}
      </RecordState>
      <Box margin={{ top: 'l' }} color="text-body-secondary">
        Payments here go to the local billing provider; in AWS, Stripe Checkout takes the card.
      </Box>
    </ContentLayout>
  );
}
