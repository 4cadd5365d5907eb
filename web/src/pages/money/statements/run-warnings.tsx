import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { RouterLink } from '../../../components/router-link';
import { exchangeRatesFor } from '../../royalties/royalties-api';
import { formatCount } from '../../royalties/royalty-model';
import { formatMoney } from '../../../../../shared/money';
import { accountEditPath } from './statement-model';
import type { RunWarnings, UnaccountableRecording } from '../../../../../shared/schemas/statement-views';
import { NotYetStatedAlert } from './not-yet-stated';
import { formatPercent } from '../../../../../shared/format';
import { uploadedFileName } from '../../../../../shared/file-names';

const enc = encodeURIComponent;
const plural = (n: number, word: string) => `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`;

/** What a run's preview warns of before anything is published: each with a way to fix it. */
export function RunWarningsView({
  warnings,
  periodLink,
  currency,
}: {
  warnings: RunWarnings;
  periodLink: string;
  currency: string | null;
}) {
  const alerts = [];
  if (warnings.unmatched_lines)
    alerts.push(
      <Alert key="unmatched" type="warning" header="Unmatched lines" data-testid="run-warning-unmatched">
        {plural(warnings.unmatched_lines, 'line')} of the period match no recording or release: nobody is paid for them
        until they are matched. <RouterLink href={periodLink}>Open the period's royalties</RouterLink>
      </Alert>,
    );
  if (warnings.missing_rates.length)
    alerts.push(
      <Alert key="rates" type="warning" header="Missing exchange rates" data-testid="run-warning-rates">
        <ul>
          {warnings.missing_rates.map((m) => (
            <li key={`${m.distributor}-${m.original_currency}`}>
              {m.distributor} · {m.original_currency}: {plural(m.lines, 'line')} without a rate are left out.{' '}
              <RouterLink
                href={exchangeRatesFor({ distributor: m.distributor, original_currency: m.original_currency })}
              >
                Add the rate
              </RouterLink>
            </li>
          ))}
        </ul>
      </Alert>,
    );
  if (warnings.payees_without_email.length)
    alerts.push(
      <Alert key="email" type="warning" header="Payees without an e-mail" data-testid="run-warning-email">
        Their statements are published but not sent:
        <ul>
          {warnings.payees_without_email.map((p) => (
            <li key={`${p.account.type}-${p.account.id}`}>
              <RouterLink href={accountEditPath(p.account)}>{p.name}</RouterLink>
            </li>
          ))}
        </ul>
      </Alert>,
    );
  if (warnings.already_stated?.length)
    alerts.push(
      <Alert key="stated" type="warning" header="Already stated" data-testid="run-warning-stated">
        A statement already covers some of these months for these accounts, so the run leaves them out (correct a
        statement with a new version):
        <ul>
          {warnings.already_stated.map((p) => (
            <li key={`${p.account.type}-${p.account.id}`}>
              {p.name}: {p.number}
            </li>
          ))}
        </ul>
      </Alert>,
    );
  if (warnings.held_imports?.length)
    alerts.push(
      <Alert key="held" type="warning" header="Imports held back" data-testid="run-warning-held">
        These reports failed their own checks and nobody has accepted them yet, so the run leaves their sales out:
        <ul>
          {warnings.held_imports.map((h) => (
            <li key={h.import_id}>
              <RouterLink href={`/user/royalties/imports/${enc(h.import_id)}`}>
                {(h.filename ? uploadedFileName(h.filename) : null) ?? h.source ?? 'Report'}
              </RouterLink>
              : {plural(h.lines, 'line')}, {formatMoney(h.label_payable, currency)} — {h.problems.join(' ')}
            </li>
          ))}
        </ul>
      </Alert>,
    );
  if (warnings.not_yet_stated?.length) alerts.push(<NotYetStatedAlert key="late" rows={warnings.not_yet_stated} />);
  if (warnings.shares_over_100.length)
    alerts.push(
      <Alert key="shares" type="warning" header={`Shares over ${formatPercent(100)}`} data-testid="run-warning-shares">
        These recordings' payee shares add up to more than {formatPercent(100)} and were scaled down to{' '}
        {formatPercent(100)}:
        <ul>
          {warnings.shares_over_100.map((s) => (
            <li key={s.recording_id}>
              <RouterLink href={`/user/recordings/${enc(s.recording_id)}`}>{s.title ?? s.recording_id}</RouterLink> (
              {formatPercent(s.total)})
            </li>
          ))}
        </ul>
      </Alert>,
    );
  if (!alerts.length && !warnings.unaccountable_recordings)
    return (
      <Alert type="success" data-testid="run-warnings-none">
        No warnings: every line of the period is matched, converted and owed to someone.
      </Alert>
    );
  return <SpaceBetween size="s">{alerts}</SpaceBetween>;
}

const REASON_TEXT: Record<UnaccountableRecording['reason'], string> = {
  unmatched: 'No recording or release matched',
  no_payee: 'Nobody is entitled to it',
  term_not_applied: 'Its contract’s term on gross or the price to dealer is applied once its import is accepted',
  no_dealer_price:
    'Its contract’s term is on the published price to dealer, and the release has no dealer price for this format: set it on the release’s products',
  no_label_share:
    'Its contract’s term is on gross or the price to dealer, and these sales left the label no share to pay it from',
};

/** Recordings whose lines no payee is paid for: listed, never silently dropped. */
export function UnaccountableTable({ rows, currency }: { rows: UnaccountableRecording[]; currency: string | null }) {
  if (!rows.length) return null;
  return (
    <Table<UnaccountableRecording>
      data-testid="run-unaccountable"
      variant="container"
      header={
        <Header
          variant="h2"
          counter={`(${rows.length})`}
          description="The label keeps these amounts until the recordings get payees (or the lines a match)."
        >
          Unaccountable recordings
        </Header>
      }
      items={rows}
      columnDefinitions={[
        {
          id: 'title',
          header: 'Recording',
          isRowHeader: true,
          cell: (r) =>
            r.recording_id ? (
              <RouterLink href={`/user/recordings/${enc(r.recording_id)}`}>{r.title ?? r.recording_id}</RouterLink>
            ) : r.release_id ? (
              <RouterLink href={`/user/releases/${enc(r.release_id)}`}>{r.title ?? r.release_id}</RouterLink>
            ) : (
              (r.title ?? '(unknown)')
            ),
        },
        { id: 'artist', header: 'Artist', cell: (r) => r.artist ?? '-' },
        { id: 'isrc', header: 'ISRC / UPC', cell: (r) => r.isrc ?? r.upc ?? '-' },
        { id: 'reason', header: 'Why', cell: (r) => REASON_TEXT[r.reason] ?? r.reason },
        { id: 'lines', header: 'Lines', cell: (r) => <Box textAlign="right">{formatCount(r.lines)}</Box> },
        {
          id: 'amount',
          header: 'Label share',
          cell: (r) => <Box textAlign="right">{formatMoney(r.label_payable, currency)}</Box>,
        },
      ]}
    />
  );
}
