import { formatDate, formatDateTime, formatFileSize } from '../../../shared/format';
import { formatMoney } from '../../../shared/money';
import { useCompanyCurrency } from '../app/company-currency';

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

/** A moment as 'Do MMM YYYY, HH:mm' in the reader's time, with the full timestamp on hover. */
export function FormattedDateTime({ value }: { value: string | number | Date | null | undefined }) {
  const text = formatDateTime(value);
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

/** An amount in the current company's currency ("£25.00", "EUR 25.00"), as its money pages show it. */
export function CompanyMoney({ value }: { value: unknown }) {
  const currency = useCompanyCurrency();
  if (value === null || value === undefined || value === '') return <>-</>;
  return <>{formatMoney(String(value), currency)}</>;
}
