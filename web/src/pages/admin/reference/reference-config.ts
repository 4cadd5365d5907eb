import type { z } from 'zod';
import { countryInput, genreInput, languageInput, performerRoleInput } from '../../../../../shared/schemas/reference';
import { rules, type Rule } from '../../../components/form-rules';

/**
 * The admin reference-data collections (spec 1 §3, §7), one config each: the generic list,
 * form and detail pages read everything that differs between collections from here.
 */
export type FormValues = Record<string, string | boolean>;
export type FieldKind = 'text' | 'textarea' | 'checkbox';
export type Sort = { field: string; order: 'asc' | 'desc' };

export type ReferenceField = {
  name: string;
  label: string;
  kind: FieldKind;
  /** Client rules with the spec's messages (spec 1 §5); the first failing one is shown. */
  rules?: Rule<FormValues>[];
  /** A new record's value; text fields start blank and checkboxes unticked otherwise. */
  initial?: string | boolean;
  constraint?: string;
};

export type ReferenceColumn = {
  field: string;
  header: string;
  /** The API accepts this field as sort_field. */
  sortable?: boolean;
};

export type ReferenceConfig = {
  /** The API path (/countries), the list answer's key, the id bulk key's stem and the page base (/admin/countries). */
  collection: string;
  /** The detail and write answers' key ({ country: … }). */
  singular: string;
  /** The list page's heading. */
  title: string;
  /** Start of the success notices: "Country Added", "Country Updated" (spec 1 §8). */
  notice: string;
  /** Lower-case words for buttons and prompts ("Add country", "Delete 3 countries"). */
  noun: string;
  nounPlural: string;
  /** The field naming a record in links, headers and delete prompts. */
  titleField: string;
  /** The bulk_destroy body key ({ country_ids: [...] }). */
  idsKey: string;
  fields: ReferenceField[];
  columns: ReferenceColumn[];
  defaultSort: Sort;
  /** How the list reloads after an update (spec 1 §9); otherwise as the user's preference has it. */
  afterUpdate?: { per_page: number; sort: Sort };
  /** The API's input schema, checked after the rules so the form never sends what the server refuses. */
  schema?: z.ZodType;
};

const required = (label: string): Rule<FormValues> => rules.required(label);
const letters = (label: string, n: number): Rule<FormValues> => rules.pattern(new RegExp(`^[A-Za-z]{${n}}$`), `${label} must be ${n} letters`);
const digits = (label: string, n: number): Rule<FormValues> => rules.pattern(new RegExp(`^\\d{${n}}$`), `${label} must be ${n} digits`);

const text = (name: string, label: string, fieldRules: Rule<FormValues>[] = [], constraint?: string): ReferenceField => ({
  name, label, kind: 'text', rules: fieldRules, ...(constraint ? { constraint } : {}),
});
const code = (name: string, label: string, n: number, isRequired: boolean): ReferenceField =>
  text(name, label, [...(isRequired ? [required(label)] : []), letters(label, n)], `${n} letters`);
const nameField = () => text('name', 'Name', [required('Name')]);

const country: ReferenceConfig = {
  collection: 'countries', singular: 'country', title: 'Countries', notice: 'Country', noun: 'country', nounPlural: 'countries',
  titleField: 'name', idsKey: 'country_ids',
  fields: [
    nameField(),
    code('iso_alpha_two', 'ISO alpha two', 2, true),
    code('iso_alpha_three', 'ISO alpha three', 3, true),
    text('iso_numeric', 'ISO numeric', [required('ISO numeric'), digits('ISO numeric', 3)], '3 digits'),
  ],
  columns: [
    { field: 'name', header: 'Name', sortable: true },
    { field: 'iso_alpha_two', header: 'ISO alpha two', sortable: true },
    { field: 'iso_alpha_three', header: 'ISO alpha three', sortable: true },
    { field: 'iso_numeric', header: 'ISO numeric', sortable: true },
  ],
  defaultSort: { field: 'name', order: 'asc' },
  schema: countryInput,
};

const language: ReferenceConfig = {
  collection: 'languages', singular: 'language', title: 'Languages', notice: 'Language', noun: 'language', nounPlural: 'languages',
  titleField: 'name', idsKey: 'language_ids',
  fields: [
    nameField(),
    text('native_name', 'Native name'),
    text('family', 'Family'),
    code('iso_alpha_two', 'ISO alpha two', 2, false),
    code('iso_alpha_three', 'ISO alpha three', 3, false),
    code('english_iso_alpha_three', 'English ISO alpha three', 3, false),
    code('macro_iso_alpha_three', 'Macro ISO alpha three', 3, false),
    { name: 'notes', label: 'Notes', kind: 'textarea' },
  ],
  columns: [
    { field: 'name', header: 'Name', sortable: true },
    { field: 'native_name', header: 'Native name' },
    { field: 'family', header: 'Family', sortable: true },
    { field: 'iso_alpha_two', header: 'ISO alpha two', sortable: true },
    { field: 'iso_alpha_three', header: 'ISO alpha three', sortable: true },
  ],
  defaultSort: { field: 'name', order: 'asc' },
  afterUpdate: { per_page: 20, sort: { field: 'name', order: 'desc' } },
  schema: languageInput,
};

const genre: ReferenceConfig = {
  collection: 'genres', singular: 'genre', title: 'Genres', notice: 'Genre', noun: 'genre', nounPlural: 'genres',
  titleField: 'name', idsKey: 'genre_ids',
  fields: [
    nameField(),
    { name: 'active', label: 'Active', kind: 'checkbox', initial: true },
    { name: 'base_genre', label: 'Base genre', kind: 'checkbox', initial: false },
  ],
  columns: [
    { field: 'name', header: 'Name', sortable: true },
    { field: 'active', header: 'Status', sortable: true },
    { field: 'base_genre', header: 'Base genre', sortable: true },
  ],
  defaultSort: { field: 'name', order: 'asc' },
  schema: genreInput,
};

const performerRole: ReferenceConfig = {
  collection: 'performer_roles', singular: 'performer_role', title: 'Performer roles', notice: 'Performer Role', noun: 'performer role',
  nounPlural: 'performer roles', titleField: 'description', idsKey: 'performer_roles_ids',
  fields: [
    text('description', 'Description', [required('Description')]),
    text('ppl_code', 'PPL code'),
    { name: 'active', label: 'Active', kind: 'checkbox', initial: true },
  ],
  columns: [
    { field: 'description', header: 'Description', sortable: true },
    { field: 'ppl_code', header: 'PPL code', sortable: true },
    { field: 'active', header: 'Status', sortable: true },
  ],
  defaultSort: { field: 'description', order: 'asc' },
  schema: performerRoleInput,
};

export const REFERENCE_CONFIGS: Readonly<Record<string, ReferenceConfig>> = {
  countries: country,
  languages: language,
  genres: genre,
  performer_roles: performerRole,
};

/** The config of the collection an admin route belongs to: /admin/countries/:countryId/edit → countries. */
export function referenceConfigForPath(routePath: string): ReferenceConfig | undefined {
  const collection = /^\/admin\/([a-z_]+)(\/|$)/.exec(routePath)?.[1];
  return collection ? REFERENCE_CONFIGS[collection] : undefined;
}

/** The record id's route parameter, as the route table names it: performer_role → performerRoleId. */
export function idParam(config: ReferenceConfig): string {
  return `${config.singular.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())}Id`;
}
