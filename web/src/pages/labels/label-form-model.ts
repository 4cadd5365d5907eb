import { LOGO_CONTENT_TYPES, MAX_LOGO_BYTES } from '../../../../shared/constants';
import { VALIDATION } from '../../../../shared/messages';
import { labelInput, type LabelInput, type LabelView } from '../../../../shared/schemas/label';
import { rules, validate, zodErrors, type RuleMap } from '../../components/form-rules';
import { keptRows, type NestedRow } from '../../components/nested-rows';

export type LabelFormValues = {
  name: string;
  active: boolean;
  distributed: boolean;
  requested: boolean;
  email: string;
  /** Kept as typed; converted to a number on save. */
  deal_percentage: string;
  biog: string;
  short_biog: string;
  fulfilment: boolean;
  store: boolean;
  referred: boolean;
  referrer: string;
  pseudonyms: string[];
  country_id: string;
  /** Admin create only: the company the label belongs to. */
  company_id: string;
};
export type UrlRowValues = { link: string; link_text: string };
export type IdentifierRowValues = { type_of: string; ref: string };

export function emptyLabelValues(): LabelFormValues {
  return {
    name: '',
    active: true,
    distributed: false,
    requested: false,
    email: '',
    deal_percentage: '',
    biog: '',
    short_biog: '',
    fulfilment: false,
    store: false,
    referred: false,
    referrer: '',
    pseudonyms: [],
    country_id: '',
    company_id: '',
  };
}

export function labelToValues(label: LabelView): LabelFormValues {
  return {
    name: label.name ?? '',
    active: label.active,
    distributed: label.distributed,
    requested: label.requested,
    email: label.email ?? '',
    deal_percentage:
      label.deal_percentage === undefined || label.deal_percentage === null ? '' : String(label.deal_percentage),
    biog: label.biog ?? '',
    short_biog: label.short_biog ?? '',
    fulfilment: label.fulfilment ?? false,
    store: label.store ?? false,
    referred: label.referred ?? false,
    referrer: label.referrer ?? '',
    pseudonyms: label.pseudonyms ?? [],
    country_id: label.country_id ?? '',
    company_id: label.company_id,
  };
}

export const labelUrlRows = (label: LabelView | undefined) =>
  (label?.urls ?? []).map((u) => ({ ...(u.id ? { id: u.id } : {}), link: u.link, link_text: u.link_text ?? '' }));
export const labelIdentifierRows = (label: LabelView | undefined) =>
  (label?.label_identifiers ?? []).map((i) => ({ ...(i.id ? { id: i.id } : {}), type_of: i.type_of, ref: i.ref }));

/** The label form's per-field rules, with the product's messages. */
function labelRules(options: { requireCompany: boolean }): RuleMap<LabelFormValues> {
  return {
    name: [rules.required('Name')],
    email: [rules.email()],
    deal_percentage: [rules.dealPercentage()],
    ...(options.requireCompany ? { company_id: [rules.required('Company')] } : {}),
  };
}

/** The LabelInput to send (strict: only known fields). Removed nested rows are left out. */
export function toLabelPayload(
  values: LabelFormValues,
  urls: readonly NestedRow<UrlRowValues>[],
  identifiers: readonly NestedRow<IdentifierRowValues>[],
): LabelInput {
  const deal = values.deal_percentage.trim();
  const pseudonyms = [...new Set(values.pseudonyms.map((p) => p.trim()).filter(Boolean))];
  return {
    name: values.name.trim(),
    active: values.active,
    distributed: values.distributed,
    requested: values.requested,
    email: values.email.trim(),
    ...(deal === '' ? {} : { deal_percentage: Number(deal) }),
    biog: values.biog.trim(),
    short_biog: values.short_biog.trim(),
    fulfilment: values.fulfilment,
    store: values.store,
    referred: values.referred,
    referrer: values.referrer.trim(),
    pseudonyms,
    ...(values.country_id.trim() ? { country_id: values.country_id.trim() } : {}),
    urls: keptRows(urls).map(({ id, link, link_text }) => ({
      ...(id ? { id } : {}),
      link: link.trim(),
      link_text: link_text.trim(),
    })),
    label_identifiers: keptRows(identifiers).map(({ id, type_of, ref }) => ({
      ...(id ? { id } : {}),
      type_of: type_of.trim(),
      ref: ref.trim(),
    })),
  };
}

/**
 * Field errors keyed as the form shows them: top-level fields by name, nested rows as
 * `urls.<rowKey>.link`. An index in a server or zod path (urls.0.link) is the index among the
 * rows kept, mapped back to that row's key.
 */
export function nestedErrorKey(
  path: string,
  urls: readonly NestedRow<UrlRowValues>[],
  identifiers: readonly NestedRow<IdentifierRowValues>[],
): string {
  const match = /^(urls|label_identifiers)\.(\d+)\.(\w+)$/.exec(path);
  if (!match) return path;
  const rows = (match[1] === 'urls' ? urls : identifiers).filter((r) => !r.destroyed);
  const row = rows[Number(match[2])];
  return row ? `${match[1]}.${row.key}.${match[3]}` : match[1];
}

export function validateLabelForm(input: {
  values: LabelFormValues;
  urls: readonly NestedRow<UrlRowValues>[];
  identifiers: readonly NestedRow<IdentifierRowValues>[];
  requireCompany: boolean;
}): Record<string, string> {
  const { values, urls, identifiers } = input;
  const errors = validate(values, labelRules({ requireCompany: input.requireCompany }));
  for (const row of urls)
    if (!row.destroyed && !row.values.link.trim()) errors[`urls.${row.key}.link`] = VALIDATION.required('Link');
  for (const row of identifiers) {
    if (row.destroyed) continue;
    if (!row.values.type_of.trim()) errors[`label_identifiers.${row.key}.type_of`] = VALIDATION.required('Type');
    if (!row.values.ref.trim()) errors[`label_identifiers.${row.key}.ref`] = VALIDATION.required('Reference');
  }
  // The shared schema is the last word: anything it rejects that the rules did not name.
  const parsed = labelInput.safeParse(toLabelPayload(values, urls, identifiers));
  if (!parsed.success) {
    for (const [path, message] of Object.entries(zodErrors(parsed.error))) {
      const key = nestedErrorKey(path, urls, identifiers);
      errors[key] ??= message;
    }
  }
  return errors;
}

const EXTENSION_TYPES: Record<string, (typeof LOGO_CONTENT_TYPES)[number]> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The logo's content type: the browser's, else from the file extension; null when not an accepted image. */
export function logoContentType(file: { name: string; type: string }): (typeof LOGO_CONTENT_TYPES)[number] | null {
  if ((LOGO_CONTENT_TYPES as readonly string[]).includes(file.type))
    return file.type as (typeof LOGO_CONTENT_TYPES)[number];
  if (file.type && file.type !== 'application/octet-stream') return null;
  return EXTENSION_TYPES[file.name.split('.').pop()?.toLowerCase() ?? ''] ?? null;
}

/** Checks a chosen logo before anything is uploaded: png, jpeg, gif or webp, up to 5 MB. */
export function validateLogoFile(file: { name: string; type: string; size: number }): string | null {
  if (!logoContentType(file)) return 'The logo must be a PNG, JPEG, GIF or WebP image';
  if (file.size <= 0) return 'The logo file is empty';
  if (file.size > MAX_LOGO_BYTES) return VALIDATION.maxValue('Logo size', '5 MB');
  return null;
}
