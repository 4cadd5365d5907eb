import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { pickerSource, RecordPicker } from '../../components/record-picker';
import type { RoyaltyFormValues } from './royalty-form-model';

type TextField =
  | 'pay_period'
  | 'retailer'
  | 'territory'
  | 'quantity'
  | 'subtotal_payable'
  | 'currency'
  | 'song'
  | 'artist'
  | 'album'
  | 'isrc'
  | 'upc'
  | 'sales_category'
  | 'amount'
  | 'label_payable';

const SALE: [TextField, string, string?][] = [
  ['pay_period', 'Pay period', 'YYYY-MM'],
  ['retailer', 'Retailer'],
  ['territory', 'Territory', '2-letter country code'],
  ['sales_category', 'Sales category'],
  ['quantity', 'Quantity'],
];
const REPORTED: [TextField, string, string?][] = [
  ['subtotal_payable', 'Subtotal payable', 'The amount, up to 6 decimals'],
  ['currency', 'Currency', '3-letter code (GBP)'],
];
const COMPANY_AMOUNTS: [TextField, string, string?][] = [
  ['amount', 'Amount', "In the company's currency"],
  ['label_payable', 'Label share'],
];
const PRODUCT: [TextField, string, string?][] = [
  ['song', 'Song'],
  ['artist', 'Artist'],
  ['album', 'Album'],
  ['isrc', 'ISRC'],
  ['upc', 'UPC'],
];

const PICKERS = [
  { key: 'label', label: 'Label', source: pickerSource('labels') },
  { key: 'release', label: 'Release', source: pickerSource('releases') },
  { key: 'recording', label: 'Recording', source: pickerSource('recordings') },
] as const;

/** The manual sale / royalty line fields; errors are keyed by the API's field names. */
export function RoyaltyFormFields({
  values,
  set,
  errors,
  editing,
}: {
  values: RoyaltyFormValues;
  set: <K extends keyof RoyaltyFormValues>(key: K, value: RoyaltyFormValues[K]) => void;
  errors: Record<string, string>;
  editing: boolean;
}) {
  const input = ([key, label, hint]: [TextField, string, string?]) => (
    <FormField key={key} label={label} constraintText={hint} errorText={errors[key]}>
      <Input
        value={values[key]}
        onChange={({ detail }) => set(key, detail.value)}
        invalid={Boolean(errors[key])}
        inputMode={['quantity', 'subtotal_payable', 'amount', 'label_payable'].includes(key) ? 'decimal' : undefined}
        data-testid={`royalty-field-${key}`}
      />
    </FormField>
  );
  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">Sale</Header>}>
        <ColumnLayout columns={2}>{[...SALE, ...(editing ? COMPANY_AMOUNTS : REPORTED)].map(input)}</ColumnLayout>
      </Container>
      <Container
        header={
          <Header variant="h2" description="What was sold; pick the catalogue records to match the line.">
            Product
          </Header>
        }
      >
        <SpaceBetween size="l">
          <ColumnLayout columns={2}>{PRODUCT.map(input)}</ColumnLayout>
          <ColumnLayout columns={3}>
            {PICKERS.map((p) => (
              <FormField key={p.key} label={p.label} errorText={errors[`${p.key}_id`]}>
                <RecordPicker
                  source={p.source}
                  value={values[p.key]}
                  onChange={(v) => set(p.key, v)}
                  testId={`royalty-field-${p.key}`}
                  invalid={Boolean(errors[`${p.key}_id`])}
                />
              </FormField>
            ))}
          </ColumnLayout>
        </SpaceBetween>
      </Container>
      {editing ? (
        <Container header={<Header variant="h2">Payment</Header>}>
          <SpaceBetween direction="horizontal" size="l">
            <Checkbox
              checked={values.paid}
              onChange={({ detail }) => set('paid', detail.checked)}
              data-testid="royalty-field-paid"
            >
              Paid
            </Checkbox>
            <Checkbox
              checked={values.artist_paid}
              onChange={({ detail }) => set('artist_paid', detail.checked)}
              data-testid="royalty-field-artist_paid"
            >
              Artist paid
            </Checkbox>
          </SpaceBetween>
        </Container>
      ) : null}
    </SpaceBetween>
  );
}
