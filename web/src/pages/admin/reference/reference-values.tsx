import { FormattedDate } from '../../../components/formatted';
import { StatusBadge } from '../../../components/status-badge';
import type { ReferenceConfig } from './reference-config';
import type { ReferenceRecord } from './reference-model';

/** One field of a record as the list and detail show it: flags as a status badge (active) or Yes/No. */
export function ReferenceValue({ config, record, field }: { config: ReferenceConfig; record: ReferenceRecord; field: string }) {
  const value = record[field];
  if (field === 'created_at' || field === 'updated_at') return <FormattedDate value={value as string | undefined} />;
  if (config.fields.find((f) => f.name === field)?.kind === 'checkbox') {
    return field === 'active' ? <StatusBadge word={value ? 'active' : 'inactive'} /> : <>{value ? 'Yes' : 'No'}</>;
  }
  return <>{value === null || value === undefined || value === '' ? '-' : String(value)}</>;
}
