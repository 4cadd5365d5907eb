import { accountKeyOf } from '../../accounts/account.js';
import Big from 'big.js';
import type {
  RunPreviewRow,
  RunTotals,
  RunWarnings,
  UnaccountableRecording,
} from '../../../../shared/schemas/statement-views.js';
import { getRun, getStatement, moveRun, statementSender } from '../../../data/access/statements.js';
import type { StatementRunItem } from '../../../data/entities/statements.js';
import { recoupedByContract } from '../../../../shared/contract-recoupment.js';
import type { GivenBack } from './contract-money.js';
import { alreadyStated } from './already-stated.js';
import { notYetStated } from '../accounts/not-yet-stated.js';
import { assembleFrom } from '../accounts/assemble.js';
import { companyAccountReads } from '../accounts/company-reads.js';
import { companyAccountTerms } from '../../../data/access/accounts.js';
import { computeEarnings } from '../../earnings/earnings.js';
import { runKeys, statementsBucket } from '../statement-keys.js';
import { putJson } from '../../../lib/bucket-objects.js';
import { pushRunProgress } from './progress.js';
import { scopeOf } from './scope.js';
import { timed } from '../../../lib/step-timings.js';
import { statementPayout } from '../accounts/payout.js';
import { rowFigures } from '../accounts/account-figures.js';
import { previewContractFigures } from './preview-contracts.js';
import { runRecoupmentPositions } from '../../../contracts/contracts.js';

/** A correction's give-back: what the statement it replaces recouped, per contract (undefined for other runs). */
async function correctionGiveBack(run: StatementRunItem): Promise<GivenBack | undefined> {
  if (!run.replaces_id) return undefined;
  const replaced = await getStatement(run.tenantId, run.replaces_id);
  return { replacesId: run.replaces_id, recouped: recoupedByContract(replaced?.contract_recoupment ?? []) };
}

/** What `preview.json` holds: the rows and unaccountable recordings a run of many accounts cannot keep in its item. */
export type PreviewDetail = { rows: RunPreviewRow[]; unaccountable: UnaccountableRecording[] };

/**
 * A run's preview: the period's earnings per account (one group-by over the lines), each
 * account's figures as its statement would show them (what contracts recoup and reserve included, planned as
 * publishing plans it: preview-contracts.ts), the run's totals and warnings. Nothing is
 * published or numbered. Only a run still previewing is previewed, so a re-delivery does nothing.
 */
export async function runPreview(tenantId: string, runId: string): Promise<void> {
  const run = await getRun(tenantId, runId);
  if (run?.status !== 'previewing') return;
  const { currency } = await statementSender(tenantId);
  const earnings = await timed('preview.earnings', () => computeEarnings(tenantId, scopeOf(run), { keep: true }));
  // Every account's records and holder, and the company's terms, read once for the run (not five reads an account).
  const company = await companyAccountTerms(tenantId);
  const readsOf = await timed('preview.reads', () =>
    companyAccountReads(
      tenantId,
      earnings.accounts.map((a) => a.account),
      company,
    ),
  );
  const stated = alreadyStated(
    run,
    earnings.accounts.map((a) => a.account),
    readsOf,
  );
  const open = earnings.accounts.filter((a) => !stated.has(accountKeyOf(a.account)));
  // What contracts will recoup and reserve on each statement, planned as publishing plans it (one read of positions);
  // a correction gives back what the statement it replaces recouped, as its publication does.
  const correction = await correctionGiveBack(run);
  const contracts = await timed('preview.contracts', () =>
    previewContractFigures(run, open, (account) => readsOf(account).statements, runRecoupmentPositions, correction),
  );
  // Each row's royalties as its statement states them (to the cent) beside the engine's exact share.
  const shown: { exact: string; cents: string }[] = [];
  const rows = open.map((account): RunPreviewRow => {
    const assembled = assembleFrom(
      {
        tenantId,
        account: account.account,
        start_pay_period: run.start_pay_period,
        end_pay_period: run.end_pay_period,
        royalties: account.royalties,
        currency,
        replaces_id: run.replaces_id,
        contracts: contracts.get(accountKeyOf(account.account)),
      },
      readsOf(account.account),
    );
    shown.push({ exact: account.royalties, cents: assembled.figures.royalties });
    return {
      account: account.account,
      name: account.name,
      email: account.email,
      lines: account.lines,
      ...rowFigures(assembled.figures),
      to_pay: statementPayout(assembled).total,
      not_paid_reasons: assembled.not_paid_reasons,
    };
  });
  const warnings: RunWarnings = {
    ...earnings.warnings,
    payees_without_email: open.flatMap((a) => (a.email ? [] : [{ account: a.account, name: a.name }])),
    already_stated: earnings.accounts.flatMap((a) => {
      const number = stated.get(accountKeyOf(a.account));
      return number ? [{ account: a.account, name: a.name, number }] : [];
    }),
    // Late money in months stated before: this run does not state it; a correction of the statement does.
    not_yet_stated: run.replaces_id
      ? []
      : await timed('preview.not_yet_stated', () => notYetStated(tenantId, { kind: run.kind, accounts: run.accounts })),
  };
  const preview_key = runKeys.preview(tenantId, runId);
  const detail: PreviewDetail = { rows, unaccountable: earnings.unaccountable };
  await putJson(statementsBucket(), preview_key, detail);
  const sum = (values: string[]) => values.reduce((a, v) => a.plus(v), new Big(0));
  const statedCents = sum(shown.map((s) => s.cents));
  const totals: RunTotals = {
    ...earnings.totals,
    // The engine's allocated part, split into what this run's statements state and what they do not.
    payees: {
      stated: statedCents.toFixed(2),
      rounding: sum(shown.map((s) => s.exact))
        .minus(statedCents)
        .toFixed(6),
      already_stated: sum(
        earnings.accounts.filter((a) => stated.has(accountKeyOf(a.account))).map((a) => a.royalties),
      ).toFixed(6),
    },
  };
  const set = { status: 'preview_ready' as const, totals, warnings, preview_key, total: rows.length };
  if (await moveRun(tenantId, runId, ['previewing'], set)) await pushRunProgress({ ...run, ...set, done: 0 });
}
