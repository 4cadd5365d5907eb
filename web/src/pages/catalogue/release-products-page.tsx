import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useParams } from 'react-router';
import { PRICE_TIERS } from '../../../../shared/catalogue';
import { api, ApiError, errorMessage } from '../../app/api';
import { notify } from '../../app/notifications';
import { useApi } from '../../app/resources';
import { RouterLink } from '../../components/router-link';
import { ErrorLines } from '../../components/error-lines';
import { DateInput } from '../../components/date-input';
import { FormattedDate } from '../../components/formatted';
import { dayProblem } from '../../components/form-rules';
import {
  productDepthPayload,
  productToValues,
  territoryCount,
  type ProductDepthValues,
  type StoredProduct,
  type TerritoryPrice,
  type TrackPrice,
} from './release-products-model';
import { useMayOpen, usePermits } from '../../app/use-may-open';
import { ReleasePagesRow } from './release-pages-row';

type Release = {
  id: string;
  title: string;
  products?: StoredProduct[];
  release_recordings?: { recording_id: string; recording?: { id: string; name: string } | null }[];
};
type Option = { value: string; label: string };

const enc = encodeURIComponent;
const tierOptions: Option[] = PRICE_TIERS.map((t) => ({ value: t, label: t }));
const optionOf = (options: Option[], value: string) => options.find((o) => o.value === value) ?? null;

/** One text cell of a row: editable, or read only to a member who may not change the catalogue. */
function Cell(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  readOnly: boolean;
}) {
  return (
    <FormField label={props.label}>
      <Input
        value={props.value}
        placeholder={props.placeholder}
        readOnly={props.readOnly}
        onChange={({ detail }) => props.onChange(detail.value)}
      />
    </FormField>
  );
}

/**
 * One day of the product, as the catalogue's other forms ask for a day: typed as DD/MM/YYYY or picked from the
 * calendar; read only, the day as pages show days ("1st Oct 2026"), or "-" when there is none.
 */
function DayCell(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  readOnly: boolean;
  testId: string;
}) {
  return (
    <FormField label={props.label}>
      {props.readOnly ? (
        <div data-testid={props.testId}>{props.value ? <FormattedDate value={props.value} /> : '-'}</div>
      ) : (
        <DateInput value={props.value} onChange={props.onChange} label={props.label} testId={props.testId} />
      )}
    </FormField>
  );
}

const emptyPrice: TerritoryPrice = { territory: '', price_tier: '', retail_price: '', wholesale_price: '' };
const emptyItem: TrackPrice = {
  recording_id: '',
  price_tier: 'Front',
  retail_price: '',
  wholesale_price: '',
  sample_start_time: '',
  sample_length: '',
};

/** A product's pre-order data, prices per territory and per track, edited and saved together. */
function ProductPanel({
  release,
  product,
  onSaved,
}: {
  release: Release;
  product: StoredProduct;
  onSaved: () => void;
}) {
  const [values, setValues] = useState<ProductDepthValues>(() => productToValues(product));
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<ProductDepthValues>) => setValues((v) => ({ ...v, ...patch }));
  const recordings: Option[] = (release.release_recordings ?? []).map((r) => ({
    value: r.recording_id,
    label: r.recording?.name ?? r.recording_id,
  }));
  const editPrice = (index: number, patch: Partial<TerritoryPrice>) =>
    set({ pricing: values.pricing.map((row, i) => (i === index ? { ...row, ...patch } : row)) });
  const editItem = (index: number, patch: Partial<TrackPrice>) =>
    set({ items: values.items.map((row, i) => (i === index ? { ...row, ...patch } : row)) });

  // Saving is PATCH /releases/{id} (catalogue.write): a member whose role only reads the catalogue sees the products,
  // their fields read only and without the buttons that add, remove or save a price, which saving would refuse.
  const mayChange = usePermits('catalogue.write');
  const readOnly = !mayChange;
  const save = async () => {
    const dayErrors = [
      dayProblem('Pre-order start date', values.start_date.trim()),
      dayProblem('Pre-order preview date', values.preview_date.trim()),
    ].filter((problem): problem is string => problem !== null);
    if (dayErrors.length) {
      setErrors(dayErrors);
      return;
    }
    setSaving(true);
    setErrors([]);
    try {
      await api.patch(`/releases/${enc(release.id)}`, {
        products_attributes: [productDepthPayload(product.id, values)],
      });
      notify('notification', 'Release Updated');
      onSaved();
    } catch (error) {
      // Every refused field, not only the first (multi-field errors are each shown).
      const fields = error instanceof ApiError ? Object.values(error.errors ?? {}).flat() : [];
      setErrors(fields.length ? fields : [errorMessage(error)]);
    } finally {
      setSaving(false);
    }
  };

  const title = [product.format, product.product_type, product.upc].filter(Boolean).join(' · ') || 'Product';
  return (
    <Container
      data-testid="release-product"
      header={
        <Header
          variant="h2"
          actions={
            mayChange ? (
              <Button variant="primary" loading={saving} onClick={() => void save()} data-testid="release-product-save">
                Save
              </Button>
            ) : undefined
          }
        >
          {title}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <KeyValuePairs
          columns={4}
          items={[
            { label: 'Type', value: String(product.type_of ?? '-') },
            { label: 'Price tier', value: String(product.price_tier ?? '-') },
            { label: 'Retail price', value: String(product.retail_price ?? '-') },
            { label: 'Territories', value: territoryCount(product) },
          ]}
        />
        <ColumnLayout columns={3}>
          <DayCell
            readOnly={readOnly}
            label="Pre-order start date"
            value={values.start_date}
            onChange={(v) => set({ start_date: v })}
            testId="release-product-start-date"
          />
          <DayCell
            readOnly={readOnly}
            label="Pre-order preview date"
            value={values.preview_date}
            onChange={(v) => set({ preview_date: v })}
            testId="release-product-preview-date"
          />
          <FormField label="Instant gratification">
            <Checkbox
              readOnly={readOnly}
              checked={values.instant_gratification}
              onChange={({ detail }) => set({ instant_gratification: detail.checked })}
            >
              Tracks are given at once on pre-order
            </Checkbox>
          </FormField>
        </ColumnLayout>
        <Header
          variant="h3"
          actions={
            mayChange ? (
              <Button
                onClick={() => set({ pricing: [...values.pricing, emptyPrice] })}
                data-testid="release-product-add-price"
              >
                Add territory price
              </Button>
            ) : undefined
          }
        >
          Territory pricing
        </Header>
        {values.pricing.length ? null : <Box color="text-body-secondary">The product’s own prices everywhere.</Box>}
        {values.pricing.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own (saved whole); inputs are controlled.
          <ColumnLayout key={`price-${index}`} columns={5}>
            <Cell
              readOnly={readOnly}
              label="Territory"
              placeholder="GB"
              value={row.territory}
              onChange={(v) => editPrice(index, { territory: v })}
            />
            <FormField label="Price tier">
              <Select
                readOnly={readOnly}
                selectedOption={optionOf(tierOptions, row.price_tier)}
                options={tierOptions}
                onChange={({ detail }) => editPrice(index, { price_tier: detail.selectedOption.value ?? '' })}
              />
            </FormField>
            <Cell
              readOnly={readOnly}
              label="Retail price"
              value={row.retail_price}
              onChange={(v) => editPrice(index, { retail_price: v })}
            />
            <Cell
              readOnly={readOnly}
              label="Wholesale price"
              value={row.wholesale_price}
              onChange={(v) => editPrice(index, { wholesale_price: v })}
            />
            {mayChange ? (
              <Button
                variant="inline-link"
                onClick={() => set({ pricing: values.pricing.filter((_, i) => i !== index) })}
                data-testid="release-product-remove-price"
              >
                Remove
              </Button>
            ) : null}
          </ColumnLayout>
        ))}
        <Header
          variant="h3"
          actions={
            mayChange ? (
              <Button
                disabled={!recordings.length}
                onClick={() => set({ items: [...values.items, emptyItem] })}
                data-testid="release-product-add-track-price"
              >
                Add track price
              </Button>
            ) : undefined
          }
        >
          Track prices
        </Header>
        {recordings.length || !mayChange ? null : (
          <Box color="text-body-secondary">Add recordings to the release to price its tracks.</Box>
        )}
        {values.items.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own (saved whole); inputs are controlled.
          <ColumnLayout key={`item-${index}`} columns={4}>
            <FormField label="Recording">
              <Select
                readOnly={readOnly}
                selectedOption={optionOf(recordings, row.recording_id)}
                options={recordings}
                placeholder="Choose recording"
                onChange={({ detail }) => editItem(index, { recording_id: detail.selectedOption.value ?? '' })}
              />
            </FormField>
            <FormField label="Price tier">
              <Select
                readOnly={readOnly}
                selectedOption={optionOf(tierOptions, row.price_tier)}
                options={tierOptions}
                onChange={({ detail }) => editItem(index, { price_tier: detail.selectedOption.value ?? '' })}
              />
            </FormField>
            <Cell
              readOnly={readOnly}
              label="Retail price"
              value={row.retail_price}
              onChange={(v) => editItem(index, { retail_price: v })}
            />
            <Cell
              readOnly={readOnly}
              label="Wholesale price"
              value={row.wholesale_price}
              onChange={(v) => editItem(index, { wholesale_price: v })}
            />
            <Cell
              readOnly={readOnly}
              label="Sample start (s)"
              value={row.sample_start_time}
              onChange={(v) => editItem(index, { sample_start_time: v })}
            />
            <Cell
              readOnly={readOnly}
              label="Sample length (s)"
              value={row.sample_length}
              onChange={(v) => editItem(index, { sample_length: v })}
            />
            {mayChange ? (
              <Button
                variant="inline-link"
                onClick={() => set({ items: values.items.filter((_, i) => i !== index) })}
                data-testid="release-product-remove-track-price"
              >
                Remove
              </Button>
            ) : null}
          </ColumnLayout>
        ))}
        <ErrorLines errors={errors} testId="release-product-errors" />
      </SpaceBetween>
    </Container>
  );
}

/** ReleaseProducts: each product of the release with its depth. */
export function ReleaseProductsPage() {
  const { releaseId = '' } = useParams();
  const { data, error, isLoading, mutate } = useApi<{ release: Release }>(`/releases/${enc(releaseId)}`);
  const release = data?.release;
  const editPage = `/user/releases/${enc(releaseId)}/edit`;
  const mayEdit = useMayOpen()(editPage);
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={
            <SpaceBetween size="xxxs">
              <ReleasePagesRow releaseId={releaseId} current="products" />
              <span>Pre-order data, prices per territory and per track of each product.</span>
            </SpaceBetween>
          }
          actions={mayEdit ? <RouterLink href={editPage}>Edit the release’s products</RouterLink> : undefined}
        >
          Products{release ? ` of ${release.title}` : ''}
        </Header>
      }
    >
      {error ? <Box color="text-status-error">{errorMessage(error)}</Box> : null}
      {isLoading ? <Box>Loading…</Box> : null}
      {release ? (
        <SpaceBetween size="l">
          {(release.products ?? []).length ? null : (
            <Box color="text-body-secondary" data-testid="release-products-empty">
              {mayEdit ? 'No products yet: add one on the release’s form.' : 'No products yet.'}
            </Box>
          )}
          {(release.products ?? []).map((product) => (
            <ProductPanel key={product.id} release={release} product={product} onSaved={() => void mutate()} />
          ))}
        </SpaceBetween>
      ) : null}
    </ContentLayout>
  );
}
