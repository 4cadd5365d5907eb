import { accountKeyOf } from '../accounts/account.js';
import type { AccountRef, RunTotals, UnaccountableRecording } from '../../../shared/schemas/statement-views.js';
import { rowsOf, type Prepared } from './allocation.js';
import type { AccountEarnings, EarningsResult } from './earnings.js';
import { exactFromUnits, unitsOf } from '../../royalties/ledger/units.js';
import { RETAINED } from './weights.js';
import { keepAllocation } from './kept-allocation.js';
import { timed } from '../../lib/step-timings.js';
import { getOrCreate } from '../../lib/get-or-create.js';

/**
 * The preview's figures from the prepared allocation (allocation.ts): per account sums over the
 * groups, the run's totals (which must reconcile to the unit), the unaccountable recordings and
 * the warnings. Sums are over groups (lines × share), never over lines again.
 */
type AccountSums = {
  acct_no: number;
  lines: number;
  quantity: number;
  units: bigint;
  agg: bigint;
  label_ids: string[];
  /** Of `units`, what each contract decided (under contracts only), and of that its physical sales (no returns). */
  contracts: { contract_id: string; units: bigint; physical: bigint }[];
};

/**
 * Each account's sums over the groups. Under contracts the same pass also sums them by the contract whose term decided
 * the lines (its weight set's), with the physical sales a reserve is held on (sales only: a return takes none): what
 * each account's statement recoups from, for the preview and the publish step alike, so the lines are not read again.
 */
async function accountSums(p: Prepared): Promise<AccountSums[]> {
  const byContract = p.contracts;
  const rows = await rowsOf(
    p,
    `SELECT s.acct_no, ${byContract ? 'w.contract_id,' : ''} sum(g.lines) AS lines, sum(g.quantity) AS quantity,
       CAST(sum(CAST(g.lines AS HUGEINT) * sign(g.u) * s.share) AS VARCHAR) AS units, CAST(sum(g.agg_u) AS VARCHAR) AS agg,
       ${
         byContract
           ? `CAST(sum(CASE WHEN g.cls = 'physical' AND g.u > 0 THEN CAST(g.lines AS HUGEINT) * s.share ELSE 0 END) AS VARCHAR) AS physical,`
           : ''
       }
       list(DISTINCT g.label_id ORDER BY g.label_id) FILTER (WHERE g.label_id IS NOT NULL) AS label_ids
     FROM st_groups g JOIN st_split s ON s.sid = g.sid AND s.ua = abs(g.u)
     ${byContract ? 'LEFT JOIN st_ws w ON w.ws_id = g.ws_id' : ''}
     GROUP BY s.acct_no${byContract ? ', w.contract_id' : ''}`,
  );
  const byAccount = new Map<number, AccountSums>();
  for (const r of rows) {
    const acct_no = Number(r.acct_no);
    const sums = getOrCreate(byAccount, acct_no, () => ({
      acct_no,
      lines: 0,
      quantity: 0,
      units: 0n,
      agg: 0n,
      label_ids: [],
      contracts: [],
    }));
    const units = BigInt(String(r.units));
    sums.lines += Number(r.lines);
    sums.quantity += Number(r.quantity);
    sums.units += units;
    sums.agg += BigInt(String(r.agg ?? 0));
    sums.label_ids.push(...((r.label_ids as string[] | null) ?? []));
    if (r.contract_id)
      sums.contracts.push({ contract_id: String(r.contract_id), units, physical: BigInt(String(r.physical)) });
  }
  for (const sums of byAccount.values()) {
    sums.label_ids = [...new Set(sums.label_ids)].sort(byText);
    sums.contracts.sort((a, b) => byText(a.contract_id, b.contract_id));
  }
  return [...byAccount.values()];
}

/** Text in code point order, as DuckDB orders it (not by locale). */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Name and e-mail of an account from the catalogue (its id when the record is gone). */
function accountContact(p: Prepared, account: AccountRef): { name: string; email: string | null } {
  const { payees, artists, labels } = p.catalogue;
  const list = account.type === 'Payee' ? payees : account.type === 'Artist' ? artists : labels;
  const record = list.find((r) => r.id === account.id);
  return { name: record?.name || account.id, email: record?.email || null };
}

async function runTotals(p: Prepared, retained: bigint, allocated: bigint): Promise<RunTotals> {
  const [t] = await rowsOf(
    p,
    `SELECT coalesce(sum(lines), 0) AS lines, CAST(coalesce(sum(CAST(u AS HUGEINT) * lines), 0) AS VARCHAR) AS label_u,
       CAST(coalesce(sum(agg_u), 0) AS VARCHAR) AS agg_u,
       CAST(coalesce(sum(CAST(u AS HUGEINT) * lines) FILTER (WHERE ws_id IS NULL), 0) AS VARCHAR) AS unaccountable_u
     FROM st_groups`,
  );
  const labelUnits = BigInt(String(t.label_u));
  const unaccountable = BigInt(String(t.unaccountable_u));
  // The rule's promise, checked on every run: a broken split must never reach a statement.
  if (allocated + retained + unaccountable !== labelUnits)
    throw new Error(`statement totals do not reconcile: ${allocated} + ${retained} + ${unaccountable} ≠ ${labelUnits}`);
  return {
    lines: Number(t.lines),
    label_payable: exactFromUnits(labelUnits),
    allocated: exactFromUnits(allocated),
    retained: exactFromUnits(retained),
    unaccountable: exactFromUnits(unaccountable),
    aggregator_payable: exactFromUnits(String(t.agg_u)),
  };
}

/** Why a contract's term paid nobody on covered lines (allocation.ts, escalation-plan.ts). */
const CONTRACT_REASONS = ['term_not_applied', 'no_dealer_price', 'no_label_share'] as const;

/** Lines nobody can be paid from: unmatched ones by identifier, matched ones by recording (or release). */
export async function unaccountableRecordings(p: Prepared): Promise<UnaccountableRecording[]> {
  const recordings = new Map(p.catalogue.recordings.map((r) => [r.id, r]));
  const releases = new Map(p.catalogue.releases.map((r) => [r.id, r]));
  const matched = await rowsOf(
    p,
    `SELECT recording_id, CASE WHEN recording_id IS NULL THEN release_id END AS release_only, reason, min(release_id) AS release_id,
       sum(lines) AS lines, CAST(sum(CAST(u AS HUGEINT) * lines) AS VARCHAR) AS units
     FROM st_groups WHERE reason IN ('no_payee', ${CONTRACT_REASONS.map((r) => `'${r}'`).join(', ')}) GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  );
  const unmatched = await rowsOf(
    p,
    `SELECT isrc, upc, min(song) AS song, min(artist) AS artist, count(*) AS lines, CAST(sum(${unitsOf('label_payable')}) AS VARCHAR) AS units
     FROM ${p.lines} WHERE recording_id IS NULL AND release_id IS NULL GROUP BY isrc, upc ORDER BY isrc, upc`,
  );
  return [
    ...matched.map((r): UnaccountableRecording => {
      const recording = r.recording_id ? recordings.get(String(r.recording_id)) : undefined;
      const release = r.release_id ? releases.get(String(r.release_id)) : undefined;
      return {
        recording_id: (r.recording_id as string | null) ?? null,
        release_id: (r.release_id as string | null) ?? null,
        title: (recording ? recording.title : release?.title) ?? null,
        isrc: recording?.isrc ?? null,
        upc: release?.upc ?? null,
        artist: (recording ? recording.display_artists : release?.display_artists) || null,
        lines: Number(r.lines),
        label_payable: exactFromUnits(String(r.units)),
        reason: CONTRACT_REASONS.find((reason) => reason === r.reason) ?? 'no_payee',
      };
    }),
    ...unmatched.map(
      (r): UnaccountableRecording => ({
        recording_id: null,
        release_id: null,
        title: (r.song as string | null) ?? null,
        isrc: (r.isrc as string | null) ?? null,
        upc: (r.upc as string | null) ?? null,
        artist: (r.artist as string | null) ?? null,
        lines: Number(r.lines),
        label_payable: exactFromUnits(String(r.units)),
        reason: 'unmatched',
      }),
    ),
  ];
}

async function warnings(p: Prepared, unaccountable: UnaccountableRecording[]): Promise<EarningsResult['warnings']> {
  const [{ unmatched }] = await rowsOf(
    p,
    `SELECT coalesce(sum(lines) FILTER (WHERE reason = 'unmatched'), 0) AS unmatched FROM st_groups`,
  );
  const missing = await rowsOf(
    p,
    `SELECT coalesce(l.delivered_by, i.source, '') AS distributor, coalesce(l.currency, '') AS original_currency, count(*) AS lines
     FROM ${p.lines} l LEFT JOIN st_imports i ON i.import_id = l.import_id WHERE l.amount IS NULL GROUP BY ALL ORDER BY ALL`,
  );
  const over = await rowsOf(
    p,
    `SELECT DISTINCT w.kind, w.owner_id, w.over_total FROM st_groups g JOIN st_ws w USING (ws_id)
     WHERE w.over_total IS NOT NULL ORDER BY ALL`,
  );
  const titles = new Map([...p.catalogue.recordings, ...p.catalogue.releases].map((r) => [r.id, r.title ?? null]));
  const held = await rowsOf(
    p,
    `SELECT import_id, count(*) AS lines, CAST(coalesce(sum(${unitsOf('label_payable')}), 0) AS VARCHAR) AS units
     FROM ${p.held} GROUP BY import_id ORDER BY import_id`,
  );
  const imports = new Map(p.catalogue.imports.map((i) => [i.id, i]));
  return {
    held_imports: held.map((h) => {
      const found = imports.get(String(h.import_id));
      return {
        import_id: String(h.import_id),
        filename: found?.filename ?? null,
        source: found?.source ?? null,
        problems: found?.problems ?? [],
        lines: Number(h.lines),
        label_payable: exactFromUnits(String(h.units)),
      };
    }),
    unmatched_lines: Number(unmatched),
    missing_rates: missing.map((m) => ({
      distributor: String(m.distributor),
      original_currency: String(m.original_currency),
      lines: Number(m.lines),
    })),
    unaccountable_recordings: unaccountable.length,
    shares_over_100: over.map((o) => ({
      recording_id: String(o.owner_id),
      title: titles.get(String(o.owner_id)) ?? null,
      total: String(o.over_total),
      ...(o.kind === 'release' ? { kind: 'release' as const } : {}),
    })),
  };
}

/**
 * Everything computeEarnings answers, from a prepared allocation: the earnings a statement run's preview kept when
 * they are of the same inputs, else computed (and kept, when the computation keeps them: kept-allocation.ts).
 */
export async function earningsOf(p: Prepared): Promise<EarningsResult> {
  const { kept } = p;
  if (kept?.earnings) return kept.earnings;
  const earnings = await computedEarnings(p);
  if (kept)
    await timed('allocation.kept_write', () =>
      keepAllocation(p.connection, kept.as, { earnings, plan: p.escalation, cover: p.contracts }),
    );
  return earnings;
}

async function computedEarnings(p: Prepared): Promise<EarningsResult> {
  const sums = await accountSums(p);
  const retained = sums.find((s) => s.acct_no === RETAINED)?.units ?? 0n;
  const allocated = sums.filter((s) => s.acct_no !== RETAINED).reduce((a, s) => a + s.units, 0n);
  const totals = await runTotals(p, retained, allocated);
  const unaccountable = await unaccountableRecordings(p);
  const byNumber = new Map(sums.map((s) => [s.acct_no, s]));
  const wanted = new Set<string>(p.scope.accounts.map(accountKeyOf));
  const accounts = p.allocation.accounts
    .filter((a) => (wanted.size ? wanted.has(a.account_key) : byNumber.has(a.acct_no)))
    .map((a): AccountEarnings => {
      const account = { type: a.type, id: a.id };
      const s = byNumber.get(a.acct_no);
      return {
        account,
        ...accountContact(p, account),
        lines: s?.lines ?? 0,
        quantity: s?.quantity ?? 0,
        royalties: exactFromUnits(s?.units ?? 0n),
        aggregator_fee: exactFromUnits(p.scope.kind === 'distribution' ? (s?.agg ?? 0n) : 0n),
        label_ids: s?.label_ids ?? [],
        ...(s?.contracts.length
          ? {
              contracts: s.contracts.map((c) => ({
                contract_id: c.contract_id,
                earned: exactFromUnits(c.units),
                physical: exactFromUnits(c.physical),
              })),
            }
          : {}),
      };
    });
  return { accounts, totals, warnings: await warnings(p, unaccountable), unaccountable };
}
