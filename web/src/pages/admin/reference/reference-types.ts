import type { ComponentType } from 'react';
import type { TourStep } from '../../../components/guided-tour';
import type { z } from 'zod';
import type { Rule } from '../../../components/form-rules';
import type { NestedRow } from '../../../components/nested-rows';
import type { RecordPageLink } from '../../../components/record-page-links';

/**
 * The shape of an admin reference collection's config: the generic list, form,
 * detail and picker read everything that differs between collections from one of these.
 */
export type LinkValue = { id: string; name: string } | null;
type StoredFileView = { url: string; filename: string; size?: number; content_type?: string };
/** A file field's state: what is saved, and a new upload's key (null: remove the saved file). */
export type FileValue = { current: StoredFileView | null; key?: string | null };
export type RowValues = Record<string, string | boolean | LinkValue | string[]>;
export type FieldValue = string | boolean | string[] | LinkValue | LinkValue[] | FileValue | NestedRow<RowValues>[];
export type FormValues = Record<string, FieldValue>;
/** Words about nested rows: one per row (by row key), lines under the rows, and a problem the server would refuse. */
export type RowsWords = { rows: Record<string, string>; summary: string[]; problem: string | null };
export type Sort = { field: string; order: 'asc' | 'desc' };

type FieldBase = {
  /** The record's field; `a.b` is field b of the nested object a (see ReferenceConfig.objects). */
  name: string;
  label: string;
  /** Client rules with the product's messages; the first failing one is shown. */
  rules?: Rule<FormValues>[];
  constraint?: string;
  /** Fields with a section are grouped in their own container (a DSP's technical specification). */
  section?: string;
  /** Hidden when the form is opened from a picker's quick-add modal (the distributor's switches). */
  hideInQuickAdd?: boolean;
  /** Shown only to admins with admin features on (distributor DSP management). */
  adminFeature?: boolean;
  /** Shown on admin pages only (the company a record belongs to; user pages work in the current company). */
  adminArea?: boolean;
  /** A calendar date typed as YYYY-MM-DD, shown as every page shows a day ("4th Dec 2026"). */
  isDate?: boolean;
  /** An amount in the company's currency, shown with it ("£25.00") on the record's page and in the list. */
  isMoney?: boolean;
  /** A web address (https://…), shown as a link that opens it in a new tab. */
  isWebAddress?: boolean;
  /**
   * A value the other fields decide (a W-8 tax form's expiry): while it answers a string the field shows it, cannot
   * be typed in and sends it; null leaves the field to the user.
   */
  derived?: (form: FormValues) => string | null;
  /** The field in words on the record's page and in the list (a tax form's status), instead of its stored value. */
  describe?: (record: Record<string, unknown>) => string;
};

/**
 * A control inside a nested row: text, a tick, a link picker, a choice (`select`), several
 * choices (`multiselect`) or text with suggestions (`suggest`).
 */
type RowFieldBase = {
  name: string;
  label: string;
  placeholder?: string;
  options?: readonly string[];
  /** Shown on detail pages as a link to the URL the answer carries in this row field (an identifier's outbound link). */
  linkFrom?: string;
  /** Every row needs it: the form marks its column with an asterisk (a read-only table does not). */
  required?: boolean;
  /** An amount of money: shown to the cent in the company's currency ("£0.60", not "0.6"). */
  money?: boolean;
};
export type RowField =
  | (RowFieldBase & { kind: 'text' | 'checkbox' | 'select' | 'multiselect' | 'suggest' | 'territories' })
  /** A calendar day, typed or picked (DateInput), held as YYYY-MM-DD; shown as every page shows a day. */
  | (RowFieldBase & { kind: 'date' })
  /** A link to a record of `collection`, picked by name; `name` is the id field, `as` the answer's named link. */
  | (RowFieldBase & { kind: 'link'; collection: string; as: string; quickAdd?: boolean });

export type ReferenceField =
  | (FieldBase & { kind: 'text' | 'textarea' | 'password'; initial?: string })
  | (FieldBase & { kind: 'checkbox'; initial?: boolean })
  /** `blank`: the words of a first choice that clears the field ("No tax form"); without it a choice stays made. */
  | (FieldBase & { kind: 'select'; options: readonly string[]; initial?: string; blank?: string })
  | (FieldBase & { kind: 'multiselect'; options: readonly string[] })
  /** Countries by ISO alpha-2 code, chosen by name; none chosen reads as `none` ("World" unless told; exclusions "None"). */
  | (FieldBase & { kind: 'territories'; none?: string })
  /** A link to a record of another collection, picked by name; `name` is the id field, `as` the answer's named link. */
  | (FieldBase & { kind: 'link'; collection: string; as: string; quickAdd?: boolean })
  /** Several linked records of one collection, sent as a list of ids under `name`, answered named under `as`. */
  | (FieldBase & { kind: 'links'; collection: string; as: string })
  /** Nested rows, answered under `name` and sent as `input`. */
  | (FieldBase & {
      kind: 'rows';
      input: string;
      rowFields: RowField[];
      emptyRow: RowValues;
      addLabel: string;
      /** Adjusts a row edit before it applies (an identifier row's service and New tick). */
      onRowChange?: (row: RowValues, patch: Partial<RowValues>) => Partial<RowValues>;
      /** Recomputes all rows after an add, remove or undo (artist rows: first Main, equal payee shares). */
      normaliseRows?: (rows: NestedRow<RowValues>[]) => NestedRow<RowValues>[];
      /** Words under each row and under the rows, live as the user types (artist rows: what the shares pay). */
      words?: (rows: NestedRow<RowValues>[], form: FormValues) => RowsWords;
    })
  /** An uploaded file, sent as `<name>_key`. */
  | (FieldBase & { kind: 'file'; contentTypes: readonly string[]; maxBytes: number; accept: string });

/** The API path of a collection and whether its calls carry the current company. */
export type Endpoint = { path: string; companyScoped: boolean };

type ReferenceColumn = {
  field: string;
  header: string;
  /** The API accepts this field as sort_field. */
  sortable?: boolean;
  /** Draws the cell itself (a release's cover thumbnail) instead of the field's value. */
  Cell?: ComponentType<{ record: Record<string, unknown> }>;
  /** A status word shown in its colour. */
  badge?: boolean;
};

export type ReferenceConfig = {
  /** The API path (/countries), the list answer's key and the page base (/admin/countries). */
  collection: string;
  /** The detail and write answers' key ({ country: … }). */
  singular: string;
  /** The list page's heading. */
  title: string;
  /** Start of the success notices: "Country Added", "Country Updated". */
  notice: string;
  /** Lower-case words for buttons and prompts ("Add country", "Delete 3 countries"). */
  noun: string;
  nounPlural: string;
  /** The field naming a record in links, headers, pickers and delete prompts. */
  titleField: string;
  /** The bulk_destroy body key ({ country_ids: [...] }). */
  idsKey: string;
  fields: ReferenceField[];
  columns: ReferenceColumn[];
  defaultSort: Sort;
  /** How the list reloads after an update; otherwise as the user's preference has it. */
  afterUpdate?: { per_page: number; sort: Sort };
  /** How the list reloads after a delete (DSPs come back page 1, 50 per page, by name). */
  afterDelete?: { per_page: number; sort: Sort };
  /** Where a saved record returns to, when not its own list (DSPs go to DistributionDSPs). */
  afterSaveTo?: string;
  /** Where a saved record goes, from the pages' base and its id (a new release opens its edit form). */
  afterSaveRoute?: (base: string, id: string, isNew: boolean) => string;
  /** The title of the picker's quick-add modal ("Add New Distributor"). */
  quickAddTitle?: string;
  /** Nested objects: fields `stored.x` are answered under `stored` and sent under `input`. */
  objects?: { stored: string; input: string }[];
  /** The API's input schema, checked after the rules so the form never sends what the server refuses. */
  schema?: z.ZodType;
  /** Where file fields ask for presigned uploads (default `/{collection}/uploads`). */
  uploadPath?: string;
  /** The company `uploadPath` works in (X-Company-Id), when it is a tenant route (a company's own pages). */
  uploadCompanyId?: string;
  /**
   * A company's collection (artists, contributors …): user-area pages call `/{collection}` in the
   * current company, admin pages call `/admin/{collection}`; bulk_destroy is a POST.
   */
  tenant?: boolean;
  /** Where this page's calls go (set from the route by useReferenceRoute; see endpointOf). */
  endpoint?: Endpoint;
  /** A button on each list row (a recording's "Add to queue"); shown on rows it is enabled for. */
  rowAction?: {
    label: string;
    enabled: (row: Record<string, unknown>) => boolean;
    run: (row: Record<string, unknown>) => void;
  };
  /** More of the form under its fields (a release's audio uploads, which add recordings to it). */
  FormExtra?: ComponentType<{
    values: FormValues;
    setValues: (update: (values: FormValues) => FormValues) => void;
    record?: Record<string, unknown> & { id: string };
  }>;
  /** A guided tour of the new form. */
  tour?: readonly TourStep[];
  /**
   * List columns the record's page shows too, though no form edits them (a recording's status, the artists as its
   * artist rows make them): by the column's header, a badge as a badge.
   */
  detailColumns?: readonly string[];
  /** The record's own pages (a release's products, contracts …), linked in a row under its page's heading. */
  pageLinks?: {
    label: string;
    links: (record: Record<string, unknown> & { id: string }, base: string) => RecordPageLink[];
  };
  /**
   * A nested rows section drawn by the collection itself instead of the generic table (a release's recordings as
   * cards or a table), by field name.
   */
  RowsSections?: Partial<Record<string, ComponentType<RowsSectionProps>>>;
  /** More of a record's page under its fields (a release's metadata check and Duplicate). */
  DetailExtra?: ComponentType<{ config: ReferenceConfig; record: Record<string, unknown> & { id: string } }>;
  /** A copy to start a new record from (`?duplicate={id}` on the new page). */
  duplicateOf?: (record: Record<string, unknown> & { id: string }) => Record<string, unknown> & { id: string };
  /** The API saves updates with PUT instead of PATCH. */
  updateMethod?: 'PUT' | 'PATCH';
  /** A switch beside the list's search that narrows it (`<param>=true`, one of the API's list filters). */
  listFilter?: { param: string; label: string };
  /** More buttons over the list, acting on the selected rows (songs' CWR file). */
  ListActions?: ComponentType<{ selected: readonly Record<string, unknown>[] }>;
};

/** What a collection's own rows section is given: the record, which rows, and whether the reader may edit it. */
export type RowsSectionProps = {
  config: ReferenceConfig;
  record: Record<string, unknown> & { id: string };
  field: Extract<ReferenceField, { kind: 'rows' }>;
  editable: boolean;
};
