import { formatDate, formatFileSize } from '../../../shared/format';

/** A date as 'Do MMM YYYY', with the full timestamp on hover. */
export function FormattedDate({ value }: { value: string | number | Date | null | undefined }) {
  const text = formatDate(value);
  if (!text) return <>-</>;
  const iso = value instanceof Date ? value.toISOString() : String(value);
  return (
    <time dateTime={iso} title={iso}>
      {text}
    </time>
  );
}

/** A file size in B, kB, MB … with 2 decimals. */
export function FileSize({ bytes }: { bytes: number | null | undefined }) {
  return <>{typeof bytes === 'number' ? formatFileSize(bytes) : '-'}</>;
}
