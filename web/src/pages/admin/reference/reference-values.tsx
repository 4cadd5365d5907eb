import { displayLabel, optionWords } from '../../../app/display-labels';
import Box from '@cloudscape-design/components/box';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useLocation } from 'react-router';
import { RouterLink } from '../../../components/router-link';
import { EmptyState, nounOf } from '../../../components/empty-state';
import { CompanyMoney, FileSize, FormattedDate } from '../../../components/formatted';
import { StatusBadge } from '../../../components/status-badge';
import { WebAddress } from '../../../components/web-address';
import type { ReferenceConfig } from './reference-config';
import type { ReferenceField, RowField } from './reference-types';
import { valueAt, type ReferenceRecord } from './reference-model';

const dash = '-';

/**
 * One field of a record as the list and detail show it: flags as a status badge (active) or
 * Yes/No, links by the linked record's name, files as a download link, secrets as set or not.
 */
export function ReferenceValue({
  config,
  record,
  field,
}: {
  config: ReferenceConfig;
  record: ReferenceRecord;
  field: string;
}) {
  const definition = config.fields.find((f) => f.name === field);
  if (definition?.describe) return <>{definition.describe(record)}</>;
  const value = valueAt(record, field);
  if (field === 'created_at' || field === 'updated_at' || (definition?.isDate && value))
    return <FormattedDate value={value as string | undefined} />;
  if (definition?.isMoney) return <CompanyMoney value={value} />;
  // Only an address the form would take (http or https) is a link: another stored value stays text, never a script.
  if (definition?.isWebAddress && typeof value === 'string' && /^https?:\/\//i.test(value))
    return (
      <Link href={value} external>
        <WebAddress url={value} />
      </Link>
    );
  switch (definition?.kind) {
    case 'checkbox':
      return field === 'active' ? <StatusBadge word={value ? 'active' : 'inactive'} /> : value ? 'Yes' : 'No';
    case 'link': {
      const linked = record[definition.as] as { name?: string } | null | undefined;
      return <>{linked?.name ?? dash}</>;
    }
    case 'file': {
      const file = value as { url: string; filename: string; size?: number } | null;
      return file ? (
        <Link href={file.url} external>
          {file.filename} (<FileSize bytes={file.size} />)
        </Link>
      ) : (
        dash
      );
    }
    case 'links': {
      const linked = record[definition.as] as { name?: string }[] | undefined;
      return <>{linked?.length ? linked.map((l) => l.name).join(', ') : dash}</>;
    }
    // A stored choice ("individual", "audio_release") in the dictionary's words.
    case 'select':
      return <>{value === null || value === undefined || value === '' ? dash : displayLabel(String(value))}</>;
    case 'multiselect':
      return <>{Array.isArray(value) && value.length ? value.join(', ') : dash}</>;
    case 'territories':
      return <>{Array.isArray(value) && value.length ? value.join(', ') : (definition.none ?? 'World')}</>;
    case 'password':
      return <>{valueAt(record, `${field}_set`) ? 'Set' : 'Not set'}</>;
    default:
      return <>{value === null || value === undefined || value === '' ? dash : String(value)}</>;
  }
}

/** Catalogue records a row may name that have a page of their own in both the label's and the admin's area. */
const LINKED_PAGES = new Set(['recordings', 'releases']);

/** One field of a nested row as the record's page shows it. */
function rowCell(
  rf: RowField,
  row: Record<string, unknown>,
  definition: Extract<ReferenceField, { kind: 'rows' }>,
  area: string,
) {
  if (rf.kind === 'link') {
    const linked = row[rf.as] as { id?: string; name?: string } | null;
    const id = linked?.id ?? (typeof row[rf.name] === 'string' ? (row[rf.name] as string) : undefined);
    // A release's recordings (and a record's release) open their own page.
    if (linked?.name && id && LINKED_PAGES.has(rf.collection))
      return <RouterLink href={`${area}/${rf.collection}/${encodeURIComponent(id)}`}>{linked.name}</RouterLink>;
    return linked?.name ?? dash;
  }
  // A tick never set shows the form's default for new rows (active: yes; pre-order: no).
  if (rf.kind === 'checkbox') return (row[rf.name] ?? definition.emptyRow[rf.name]) === true ? 'Yes' : 'No';
  if (rf.kind === 'date')
    return typeof row[rf.name] === 'string' && row[rf.name] ? <FormattedDate value={row[rf.name] as string} /> : dash;
  if (rf.kind === 'territories')
    return Array.isArray(row[rf.name]) && (row[rf.name] as string[]).length
      ? (row[rf.name] as string[]).join(', ')
      : 'World';
  // A stored choice ("neighbouring") in the form's words for it ("Neighbouring"); "Budget" stays as written.
  if (rf.kind === 'select')
    return typeof row[rf.name] === 'string' && row[rf.name] ? optionWords(row[rf.name] as string) : dash;
  if (rf.money) return <CompanyMoney value={row[rf.name]} />;
  if (rf.kind === 'multiselect')
    return Array.isArray(row[rf.name]) && (row[rf.name] as string[]).length
      ? (row[rf.name] as string[]).join(', ')
      : dash;
  if (rf.name === 'link' && typeof row.link === 'string')
    return (
      <Link href={row.link} external>
        {row.link}
      </Link>
    );
  if (rf.linkFrom) {
    const url = row[rf.linkFrom];
    const text = String(row[rf.name] ?? '') || dash;
    if (typeof url === 'string' && /^https?:/.test(url))
      return (
        <Link href={url} external>
          {text}
        </Link>
      );
    return url ? `${text} (${String(url)})` : text;
  }
  return String(row[rf.name] ?? '') || dash;
}

/** More fields than this a row table cannot show side by side at 1,400 pixels: each row is shown as a block instead. */
const MOST_COLUMNS = 8;

/** A record's rows field with no rows; to a reader who may edit, how to add one (Edit, then the form's button). */
export function RowsEmpty({
  field,
  editable,
}: {
  field: Pick<Extract<ReferenceField, { kind: 'rows' }>, 'name' | 'label' | 'addLabel'>;
  editable: boolean;
}) {
  return (
    <EmptyState
      what={nounOf(field.label)}
      how={editable ? `choose Edit, then ${field.addLabel},` : undefined}
      testId={`ref-rows-${field.name}-empty`}
    />
  );
}

/**
 * A record's nested rows (society URLs, distributor DSP links, a release's recordings) as a small table, or, for rows
 * of many fields, each row as a block of labelled values, so the page never scrolls sideways (a release's products have
 * their own table, release-products-section.tsx, whose cells share related figures instead).
 * With `editable` (the reader may edit the record), an empty table says how to add a row: Edit, then the form's button.
 */
export function ReferenceRowsTable({
  config,
  record,
  field,
  editable = false,
}: {
  config: ReferenceConfig;
  record: ReferenceRecord;
  field: string;
  editable?: boolean;
}) {
  const definition = config.fields.find((f) => f.name === field);
  const area = useLocation().pathname.startsWith('/admin/') ? '/admin' : '/user';
  if (definition?.kind !== 'rows') return null;
  const rows = (record[field] as Record<string, unknown>[] | undefined) ?? [];
  const empty = <RowsEmpty field={definition} editable={editable} />;
  // No rows of many fields: the empty line alone (their column headers would not fit beside an open side menu).
  if (!rows.length && definition.rowFields.length > MOST_COLUMNS)
    return (
      <div data-testid={`ref-rows-${field}-table`}>
        <Box textAlign="center" padding="s">
          {empty}
        </Box>
      </div>
    );
  if (rows.length && definition.rowFields.length > MOST_COLUMNS) {
    // "Add product" names one row: "Product 1", "Product 2" when there are several.
    const one = definition.addLabel.replace(/^Add /, '');
    return (
      <div data-testid={`ref-rows-${field}-table`}>
        <SpaceBetween size="l">
          {rows.map((row, index) => (
            <SpaceBetween size="xs" key={String(row.id ?? index)}>
              {rows.length > 1 ? (
                <Box variant="h3">{`${one.charAt(0).toUpperCase()}${one.slice(1)} ${index + 1}`}</Box>
              ) : null}
              <KeyValuePairs
                columns={4}
                items={definition.rowFields.map((rf) => ({
                  label: rf.label,
                  value: rowCell(rf, row, definition, area),
                }))}
              />
            </SpaceBetween>
          ))}
        </SpaceBetween>
      </div>
    );
  }
  return (
    <Table
      variant="embedded"
      items={rows}
      trackBy="id"
      // Headers and cells wrap, so a table of up to MOST_COLUMNS fields fits the page's width.
      wrapLines
      data-testid={`ref-rows-${field}-table`}
      empty={empty}
      columnDefinitions={definition.rowFields.map((rf) => ({
        id: rf.name,
        header: rf.label,
        cell: (row: Record<string, unknown>) => rowCell(rf, row, definition, area),
      }))}
    />
  );
}
