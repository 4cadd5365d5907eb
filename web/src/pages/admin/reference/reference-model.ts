import { validate, zodErrors, type RuleMap } from '../../../components/form-rules';
import { rowsAsAttributes, toNestedRows, type NestedRow } from '../../../components/nested-rows';
import type {
  FieldValue,
  FileValue,
  FormValues,
  LinkValue,
  ReferenceConfig,
  ReferenceField,
  RowField,
  RowValues,
  Sort,
} from './reference-types';

/** A record as the API answers it: the config's fields plus id and timestamps. */
export type ReferenceRecord = { id: string; created_at?: string; updated_at?: string } & Record<string, unknown>;

/** A field's value in a record; `a.b` reads field b of the nested object a. */
export function valueAt(record: Record<string, unknown>, name: string): unknown {
  return name
    .split('.')
    .reduce<unknown>(
      (value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined),
      record,
    );
}

const asLink = (value: unknown): LinkValue => {
  const linked = value as { id?: unknown; name?: unknown } | null | undefined;
  return linked && typeof linked.id === 'string' ? { id: linked.id, name: String(linked.name ?? linked.id) } : null;
};

function blank(field: ReferenceField): FieldValue {
  switch (field.kind) {
    case 'checkbox':
      return field.initial ?? false;
    case 'link':
      return null;
    case 'links':
    case 'multiselect':
    case 'territories':
      return [];
    case 'rows':
      return [];
    case 'file':
      return { current: null };
    default:
      return field.initial ?? '';
  }
}

let rowCounter = 0;
const newRowKey = () => {
  rowCounter += 1;
  return `row-${rowCounter}`;
};

/** A saved row's field as a form value. */
function rowValue(field: RowField, row: Record<string, unknown>): string | boolean | LinkValue | string[] {
  switch (field.kind) {
    case 'link':
      return asLink(row[field.as]);
    case 'checkbox':
      return row[field.name] === true;
    case 'multiselect':
    case 'territories':
      return Array.isArray(row[field.name]) ? (row[field.name] as unknown[]).map(String) : [];
    default:
      return String(row[field.name] ?? '');
  }
}

/** The add form's empty record (add forms start from a loaded empty record). */
export function emptyValues(config: ReferenceConfig): FormValues {
  return Object.fromEntries(config.fields.map((f) => [f.name, blank(f)]));
}

/**
 * A record as form values: every field present, null/missing text as '' and missing flags as the field's default.
 * A stored value the other fields decided (a W-8's worked-out expiry) was never the user's own, so the form holds it
 * as '': should a change hand the field back to the user (the form switched to Other), it starts empty rather than
 * showing, and sending, a date the user never gave.
 */
export function recordToValues(config: ReferenceConfig, record: ReferenceRecord): FormValues {
  const values = storedValues(config, record);
  const workedOut = config.fields.filter((f) => f.derived?.(values) != null);
  return { ...values, ...Object.fromEntries(workedOut.map((f) => [f.name, ''])) };
}

/** Every field of a record as the form holds it, before worked-out values are set aside. */
function storedValues(config: ReferenceConfig, record: ReferenceRecord): FormValues {
  return Object.fromEntries(
    config.fields.map((f): [string, FieldValue] => {
      const value = valueAt(record, f.name);
      switch (f.kind) {
        case 'checkbox':
          return [f.name, typeof value === 'boolean' ? value : (f.initial ?? false)];
        case 'link':
          return [f.name, asLink(record[f.as])];
        case 'links':
          return [f.name, Array.isArray(record[f.as]) ? (record[f.as] as unknown[]).map(asLink).filter(Boolean) : []];
        case 'multiselect':
        case 'territories':
          return [f.name, Array.isArray(value) ? value.map(String) : []];
        case 'file':
          return [f.name, { current: (value as FileValue['current']) ?? null }];
        case 'rows': {
          const saved = ((value as Record<string, unknown>[] | undefined) ?? []).map((row) => ({
            id: row.id as string | undefined,
            ...Object.fromEntries(f.rowFields.map((rf) => [rf.name, rowValue(rf, row)])),
          }));
          return [f.name, toNestedRows<RowValues>(saved as never, newRowKey)];
        }
        default:
          return [f.name, value === null || value === undefined ? '' : String(value)];
      }
    }),
  );
}

/** A row field as sent: links as ids ('' when none is picked), text trimmed, ticks and lists as they are. */
function payloadValue(value: string | boolean | LinkValue | string[]) {
  if (Array.isArray(value) || typeof value === 'boolean') return value;
  if (value === null) return '';
  return typeof value === 'object' ? value.id : value.trim();
}

/**
 * The body to POST or PATCH: only the config's fields (the API's schemas are strict), text
 * trimmed. Blank text is sent as '' so that clearing a field on edit clears it on the server;
 * a blank choice is left out (the server keeps its default). Links go as ids, nested rows as
 * `*_attributes` with `_destroy` flags, nested objects under their input key, files as `<name>_key`.
 */
export function toPayload(
  config: ReferenceConfig,
  values: FormValues,
  options: { visible?: (field: ReferenceField) => boolean } = {},
): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  const put = (name: string, value: unknown) => {
    const dot = name.indexOf('.');
    if (dot < 0) {
      payload[name] = value;
      return;
    }
    const input = config.objects?.find((o) => o.stored === name.slice(0, dot))?.input ?? name.slice(0, dot);
    payload[input] = { ...(payload[input] as object), [name.slice(dot + 1)]: value };
  };
  for (const f of config.fields) {
    if (options.visible && !options.visible(f)) continue;
    const value = values[f.name];
    switch (f.kind) {
      case 'checkbox':
        put(f.name, value === true);
        break;
      case 'link':
        put(f.name, (value as LinkValue)?.id ?? '');
        break;
      case 'links':
        put(
          f.name,
          ((value as LinkValue[]) ?? []).flatMap((linked) => (linked ? [linked.id] : [])),
        );
        break;
      case 'select':
        // A choice that can be cleared is sent blank, so clearing it on edit clears it on the server.
        if (value || f.blank !== undefined) put(f.name, value ?? '');
        break;
      case 'multiselect':
      case 'territories':
        put(f.name, value);
        break;
      case 'file': {
        const key = (value as FileValue).key;
        if (key !== undefined) put(`${f.name}_key`, key);
        break;
      }
      case 'rows':
        put(
          f.input,
          rowsAsAttributes(value as NestedRow<RowValues>[]).map((row) =>
            Object.fromEntries(
              Object.entries(row).map(([k, v]) => [
                k,
                k === 'id' || k === '_destroy' ? v : payloadValue(v as string | boolean | LinkValue | string[]),
              ]),
            ),
          ),
        );
        break;
      default:
        put(f.name, (f.derived?.(values) ?? String(value ?? '')).trim());
    }
  }
  return payload;
}

/** Client validation: the config's rules first, then anything the shared schema still refuses. */
export function validateValues(
  config: ReferenceConfig,
  values: FormValues,
  options: { visible?: (field: ReferenceField) => boolean } = {},
): Record<string, string> {
  const map: RuleMap<FormValues> = {};
  for (const f of config.fields) {
    if (f.rules?.length && (!options.visible || options.visible(f))) map[f.name] = f.rules;
  }
  const errors = validate(values, map);
  const payload = toPayload(config, values, options);
  const parsed = config.schema?.safeParse(payload);
  if (parsed && !parsed.success) {
    for (const [field, message] of Object.entries(zodErrors(parsed.error, payload)))
      errors[formFieldOf(config, field)] ??= message;
  }
  return errors;
}

/** The form field an API error names: `technical_specification_attributes.delivery_format` → `technical_specification.delivery_format`, `logo_key` → `logo`. */
export function formFieldOf(config: ReferenceConfig, apiField: string): string {
  const object = config.objects?.find((o) => apiField.startsWith(`${o.input}.`));
  if (object) return `${object.stored}${apiField.slice(object.input.length)}`;
  const file = config.fields.find((f) => f.kind === 'file' && apiField === `${f.name}_key`);
  return file ? file.name : apiField;
}

/** A record's display name (its title field, else its id). */
export function recordTitle(config: ReferenceConfig, record: ReferenceRecord): string {
  const value = record[config.titleField];
  return typeof value === 'string' && value.trim() ? value : record.id;
}

/** The success notice after a save: "Country Added", "Language Updated", "DSP Added". */
export function savedNotice(config: ReferenceConfig, isNew: boolean): string {
  return `${config.notice} ${isNew ? 'Added' : 'Updated'}`;
}

export type ListReload = { per_page: number; sort: Sort };

/** Where to go after a save: the list (or the collection's own destination), with its reload rule after an update. */
export function afterSave(
  config: ReferenceConfig,
  isNew: boolean,
  listPath = `/admin/${config.collection}`,
  savedId?: string,
): { to: string; state?: { reload: ListReload } } {
  if (config.afterSaveRoute && savedId) return { to: config.afterSaveRoute(listPath, savedId, isNew) };
  const to = config.afterSaveTo ?? listPath;
  return !isNew && config.afterUpdate ? { to, state: { reload: config.afterUpdate } } : { to };
}

/** The reload rule carried in the list's location state, if it is one. */
export function reloadFromState(state: unknown): ListReload | undefined {
  const reload = (state as { reload?: Partial<ListReload> } | null)?.reload;
  const sort = reload?.sort;
  if (
    typeof reload?.per_page !== 'number' ||
    typeof sort?.field !== 'string' ||
    (sort.order !== 'asc' && sort.order !== 'desc')
  )
    return undefined;
  return { per_page: reload.per_page, sort: { field: sort.field, order: sort.order } };
}

/**
 * The hint under a territories field: what choosing none means, then the field's own words. A field whose none is
 * itself "None" (excluded territories) says nothing of it: "None chosen means None" tells the reader nothing.
 */
export function territoriesHint(field: { none?: string; constraint?: string }): string {
  const none = field.none ?? 'World';
  return [none === 'None' ? '' : `None chosen means ${none}.`, field.constraint].filter(Boolean).join(' ');
}
