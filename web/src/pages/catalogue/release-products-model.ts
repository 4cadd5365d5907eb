/**
 * The release products page: a product's pre-order data,
 * territory pricing and track prices as form values, and the products_attributes row that saves
 * them. Prices and seconds stay text while typed; the API checks and converts them.
 */

export type TerritoryPrice = { territory: string; price_tier: string; retail_price: string; wholesale_price: string };
export type TrackPrice = {
  recording_id: string;
  price_tier: string;
  retail_price: string;
  wholesale_price: string;
  sample_start_time: string;
  sample_length: string;
};
export type ProductDepthValues = {
  start_date: string;
  preview_date: string;
  instant_gratification: boolean;
  pricing: TerritoryPrice[];
  items: TrackPrice[];
};
export type StoredProduct = Record<string, unknown> & {
  id: string;
  pre_order_data?: { start_date?: string; preview_date?: string; instant_gratification?: boolean };
  product_territories_pricing?: Record<string, unknown>[];
  product_items?: Record<string, unknown>[];
  product_territories?: string[];
};

const str = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** A stored product as the page's form values. */
export function productToValues(product: StoredProduct): ProductDepthValues {
  const pre = product.pre_order_data ?? {};
  return {
    start_date: str(pre.start_date),
    preview_date: str(pre.preview_date),
    instant_gratification: pre.instant_gratification === true,
    pricing: (product.product_territories_pricing ?? []).map((row) => ({
      territory: str(row.territory),
      price_tier: str(row.price_tier),
      retail_price: str(row.retail_price),
      wholesale_price: str(row.wholesale_price),
    })),
    items: (product.product_items ?? []).map((row) => ({
      recording_id: str(row.recording_id),
      price_tier: str(row.price_tier),
      retail_price: str(row.retail_price),
      wholesale_price: str(row.wholesale_price),
      sample_start_time: str(row.sample_start_time),
      sample_length: str(row.sample_length),
    })),
  };
}

/** Drops blank choices (the API keeps its default) and trims text. */
function compact<T extends Record<string, string>>(row: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(row)
      .map(([key, value]) => [key, value.trim()])
      .filter(([key, value]) => value !== '' || key.endsWith('price')),
  ) as Partial<T>;
}

/** The products_attributes row that saves a product's depth (its other fields untouched). */
export function productDepthPayload(id: string, values: ProductDepthValues) {
  return {
    id,
    pre_order_data: {
      start_date: values.start_date.trim(),
      preview_date: values.preview_date.trim(),
      instant_gratification: values.instant_gratification,
    },
    product_territories_pricing: values.pricing.map(compact),
    product_items: values.items.map(compact),
  };
}

/** How many territories a product is for: World when none is listed. */
export function territoryCount(product: StoredProduct): string {
  const count = product.product_territories?.length ?? 0;
  return count ? String(count) : 'World';
}
