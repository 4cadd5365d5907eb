import { DATE_HINT, rules, type Rule } from '../../../components/form-rules';
import type { FormValues, ReferenceField, RowField } from './reference-types';

/** Builders for config fields, so each collection's config reads as a list of its fields. */
export const required = (label: string): Rule<FormValues> => rules.required(label);
const letters = (label: string, n: number): Rule<FormValues> =>
  rules.pattern(new RegExp(`^[A-Za-z]{${n}}$`), `${label} must be ${n} letters`);
export const digits = (label: string, n: number): Rule<FormValues> =>
  rules.pattern(new RegExp(`^\\d{${n}}$`), `${label} must be ${n} digits`);
const webAddress = (label: string): Rule<FormValues> =>
  rules.pattern(/^https?:\/\/\S+$/i, `${label} must start with http:// or https://`);

type Extra = Partial<
  Pick<
    ReferenceField,
    | 'section'
    | 'hideInQuickAdd'
    | 'adminFeature'
    | 'constraint'
    | 'isDate'
    | 'isMoney'
    | 'isWebAddress'
    | 'derived'
    | 'describe'
  >
>;

export const text = (
  name: string,
  label: string,
  fieldRules: Rule<FormValues>[] = [],
  extra: Extra = {},
): ReferenceField => ({
  name,
  label,
  kind: 'text',
  rules: fieldRules,
  ...extra,
});
export const textarea = (name: string, label: string, extra: Extra = {}): ReferenceField => ({
  name,
  label,
  kind: 'textarea',
  ...extra,
});
export const password = (name: string, label: string, extra: Extra = {}): ReferenceField => ({
  name,
  label,
  kind: 'password',
  ...extra,
});
export const url = (name: string, label: string, extra: Extra = {}): ReferenceField =>
  text(name, label, [webAddress(label)], { constraint: 'https://…', isWebAddress: true, ...extra });
export const email = (name: string, label: string, extra: Extra = {}): ReferenceField =>
  text(name, label, [rules.email()], extra);
export const code = (name: string, label: string, n: number, isRequired: boolean): ReferenceField =>
  text(name, label, [...(isRequired ? [required(label)] : []), letters(label, n)], { constraint: `${n} letters` });
export const nameField = (label = 'Name'): ReferenceField => text('name', label, [required(label)]);
export const checkbox = (name: string, label: string, initial: boolean, extra: Extra = {}): ReferenceField => ({
  name,
  label,
  kind: 'checkbox',
  initial,
  ...extra,
});
export const select = (
  name: string,
  label: string,
  options: readonly string[],
  initial?: string,
  extra: Extra & { blank?: string } = {},
): ReferenceField => ({
  name,
  label,
  kind: 'select',
  options,
  ...(initial ? { initial } : {}),
  ...extra,
});
/** A link to another collection's record: `country_id` answered as `country`. */
export const link = (
  name: string,
  label: string,
  collection: string,
  as: string,
  extra: Extra & { quickAdd?: boolean } = {},
): ReferenceField => ({
  name,
  label,
  kind: 'link',
  collection,
  as,
  ...extra,
});
/** A calendar date, typed or picked (DateInput), held as YYYY-MM-DD (what the API stores). */
export const date = (name: string, label: string, extra: Extra = {}): ReferenceField =>
  text(name, label, [rules.day(label)], {
    constraint: DATE_HINT,
    isDate: true,
    ...extra,
  });
export const countryLink = (label = 'Country') => link('country_id', label, 'countries', 'country');
export const rowLink = (
  name: string,
  label: string,
  collection: string,
  as: string,
  quickAdd = false,
): Extract<RowField, { kind: 'link' }> => ({
  name,
  label,
  kind: 'link',
  collection,
  as,
  quickAdd,
});
