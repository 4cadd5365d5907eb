import { validate, zodErrors, type RuleMap } from '../../../components/form-rules';
import type { FormValues, ReferenceConfig, ReferenceField, Sort } from './reference-config';

/** A record as the API answers it: the config's fields plus id and timestamps. */
export type ReferenceRecord = { id: string; created_at?: string; updated_at?: string } & Record<string, unknown>;

const blank = (field: ReferenceField) => (field.kind === 'checkbox' ? false : '');

/** The add form's empty record (spec 1 §2.2: add forms start from a loaded empty record). */
export function emptyValues(config: ReferenceConfig): FormValues {
  return Object.fromEntries(config.fields.map((f) => [f.name, f.initial ?? blank(f)]));
}

/** A record as form values: every field present, null/missing text as '' and missing flags as the field's default. */
export function recordToValues(config: ReferenceConfig, record: ReferenceRecord): FormValues {
  return Object.fromEntries(
    config.fields.map((f) => {
      const value = record[f.name];
      if (f.kind === 'checkbox') return [f.name, typeof value === 'boolean' ? value : (f.initial ?? false)];
      return [f.name, value === null || value === undefined ? '' : String(value)];
    }),
  );
}

/**
 * The body to POST or PATCH: only the config's fields (the API's schemas are strict), text
 * trimmed. Blank text is sent as '' so that clearing a field on edit clears it on the server.
 */
export function toPayload(config: ReferenceConfig, values: FormValues): Record<string, string | boolean> {
  return Object.fromEntries(
    config.fields.map((f) => {
      const value = values[f.name];
      return [f.name, f.kind === 'checkbox' ? value === true : String(value ?? '').trim()];
    }),
  );
}

/** Client validation: the config's rules first, then anything the shared schema still refuses. */
export function validateValues(config: ReferenceConfig, values: FormValues): Record<string, string> {
  const map: RuleMap<FormValues> = Object.fromEntries(config.fields.filter((f) => f.rules?.length).map((f) => [f.name, f.rules!]));
  const errors = validate(values, map);
  const parsed = config.schema?.safeParse(toPayload(config, values));
  if (parsed && !parsed.success) for (const [field, message] of Object.entries(zodErrors(parsed.error))) errors[field] ??= message;
  return errors;
}

/** A record's display name (its title field, else its id). */
export function recordTitle(config: ReferenceConfig, record: ReferenceRecord): string {
  const value = record[config.titleField];
  return typeof value === 'string' && value.trim() ? value : record.id;
}

/** The success notice after a save (spec 1 §8): "Country Added", "Language Updated". */
export function savedNotice(config: ReferenceConfig, isNew: boolean): string {
  return `${config.notice} ${isNew ? 'Added' : 'Updated'}`;
}

export type ListReload = { per_page: number; sort: Sort };

/** Where to go after a save: the list, with the collection's reload rule after an update (spec 1 §2.2, §9). */
export function afterSave(config: ReferenceConfig, isNew: boolean): { to: string; state?: { reload: ListReload } } {
  const to = `/admin/${config.collection}`;
  return !isNew && config.afterUpdate ? { to, state: { reload: config.afterUpdate } } : { to };
}

/** The reload rule carried in the list's location state, if it is one. */
export function reloadFromState(state: unknown): ListReload | undefined {
  const reload = (state as { reload?: Partial<ListReload> } | null)?.reload;
  const sort = reload?.sort;
  if (typeof reload?.per_page !== 'number' || typeof sort?.field !== 'string' || (sort.order !== 'asc' && sort.order !== 'desc')) return undefined;
  return { per_page: reload.per_page, sort: { field: sort.field, order: sort.order } };
}
