import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { ReactNode } from 'react';
import { PRODUCT_DEFAULTS } from '../../../../shared/catalogue';
import { formatDecimal } from '../../../../shared/money';
import { CellNote } from '../../components/cell-note';
import { RowsEmpty } from '../admin/reference/reference-values';
import { FormattedDate } from '../../components/formatted';
import { useElementWidth } from '../../components/use-element-width';
import type { RowsSectionProps } from '../admin/reference/reference-types';

type Product = {
  id?: string;
  format?: string;
  type_of?: string;
  product_type?: string;
  price_tier?: string;
  upc?: string;
  product_territories?: string[];
  dealer_price?: string | number | null;
  wholesale_price?: string | number | null;
  retail_price?: string | number | null;
  pre_order?: boolean;
  pre_order_date?: string | null;
  streaming?: boolean;
  subscription?: boolean;
};

const dash = '-';
const yesNo = (value: boolean | undefined, unset: boolean) => ((value ?? unset) ? 'Yes' : 'No');
/** A price as the products page types it, to the cent; the product keeps no currency of its own. */
const price = (value: Product['dealer_price']) =>
  value === null || value === undefined || value === '' ? dash : formatDecimal(value, 'cents');
const line = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' · ');

/** Below this width (the section beside an open side menu in a narrow window) the UPC and tier join the product's cell. */
const NARROW = 800;

/**
 * The columns: what belongs together shares a cell, the first figure on top and the rest as notes under it — the format
 * with its type and product type (and, narrow, its tier and UPC), the dealer price with the wholesale and retail
 * prices, pre-order with its day, streaming with subscription — so the thirteen fields of a product fit the page.
 */
function productColumns(narrow: boolean): TableProps.ColumnDefinition<Product>[] {
  const note = (text: string, testId?: string): ReactNode =>
    text ? <CellNote testId={testId}>{text}</CellNote> : null;
  const tier = (p: Product) => p.price_tier || PRODUCT_DEFAULTS.price_tier;
  return [
    {
      id: 'product',
      header: 'Product',
      isRowHeader: true,
      cell: (p) => (
        <>
          {p.format || PRODUCT_DEFAULTS.format}
          {note(line(p.type_of || PRODUCT_DEFAULTS.type_of, p.product_type))}
          {narrow ? note(line(`${tier(p)} price tier`, p.upc ? `UPC ${p.upc}` : undefined)) : null}
        </>
      ),
    },
    ...(narrow
      ? []
      : [
          { id: 'price_tier', header: 'Price tier', cell: tier },
          { id: 'upc', header: 'UPC', cell: (p: Product) => p.upc || dash },
        ]),
    {
      id: 'territories',
      header: 'Territories',
      cell: (p) => (p.product_territories?.length ? p.product_territories.join(', ') : 'World'),
    },
    {
      id: 'prices',
      header: 'Prices',
      cell: (p) => (
        <>
          {`Dealer ${price(p.dealer_price)}`}
          {note(`Wholesale ${price(p.wholesale_price)}`)}
          {note(`Retail ${price(p.retail_price)}`)}
        </>
      ),
    },
    {
      id: 'pre_order',
      header: 'Pre-order',
      cell: (p) => (
        <>
          {yesNo(p.pre_order, false)}
          {p.pre_order_date ? (
            <CellNote>
              <FormattedDate value={p.pre_order_date} />
            </CellNote>
          ) : null}
        </>
      ),
    },
    {
      id: 'streaming',
      header: 'Streaming',
      cell: (p) => (
        <>
          {yesNo(p.streaming, true)}
          {note(`Subscription ${yesNo(p.subscription, true)}`)}
        </>
      ),
    },
  ];
}

/**
 * A release's products on its page, one row each, in columns narrowed to the section's measured width so the page
 * never scrolls sideways (every figure still shown); none yet, the empty line alone.
 */
export function ReleaseProductsSection({ record, field, editable }: RowsSectionProps) {
  const rows = (record[field.name] as Product[] | undefined) ?? [];
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const empty = <RowsEmpty field={field} editable={editable} />;
  return (
    <Container header={<Header variant="h2">{field.label}</Header>}>
      <div ref={ref} data-testid={`ref-rows-${field.name}-table`}>
        {rows.length ? (
          <Table
            variant="embedded"
            items={rows}
            trackBy={(p) => String(p.id ?? rows.indexOf(p))}
            wrapLines
            columnDefinitions={productColumns(width !== null && width < NARROW)}
          />
        ) : (
          <Box textAlign="center" padding="s">
            {empty}
          </Box>
        )}
      </div>
    </Container>
  );
}
