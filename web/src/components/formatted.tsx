import { formatDate, formatDateTime, formatFileSize } from '../../../shared/format';
import { formatMoney } from '../../../shared/money';
import { useCompanyCurrency } from '../app/company-currency';

type Moment = string | number | Date | null | undefined;

/** A day or a moment in the pages' words (`format`), '-' when there is none, with the full timestamp on hover. */
function TimeText({ value, format }: { value: Moment; format: (value: Moment) => string }) {
  const text = format(value);
  if (!text) return <>-</>;
  const iso = value instanceof Date ? value.toISOString() : String(value);
  return (
    <time dateTime={iso} title={iso}>
      {text}
    </time>
  );
}

/** A date as 'Do MMM YYYY', with the full timestamp on hover. */
export function FormattedDate({ value }: { value: Moment }) {
  return <TimeText value={value} format={formatDate} />;
}

/** A moment as 'Do MMM YYYY, HH:mm' in the reader's time, with the full timestamp on hover. */
export function FormattedDateTime({ value }: { value: Moment }) {
  return <TimeText value={value} format={formatDateTime} />;
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
