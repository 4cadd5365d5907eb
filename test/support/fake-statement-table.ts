import type { PublicationOutcome, StatementPublication } from '../../functions/data/access/statements.js';
import type { AccountEntryItem, StatementItem, StatementRunItem } from '../../functions/data/entities/statements.js';
import { periodsAfter, type StatedPeriod } from '../../functions/data/entities/stated-periods.js';
import type { AccountStepDeps } from '../../functions/money/statements/runs/account-step.js';
import type { ReserveDeps } from '../../functions/money/statements/runs/reserve-numbers.js';
import type { AccountRecord } from '../../functions/money/statements/runs/statement-item.js';
import type { AccountRef } from '../../shared/schemas/statement-views.js';

/**
 * What every run of a company shares in the table: statements, the accounts' stated-periods guards,
 * the expenses taken, the account entries (payments among them), the statement sequence, and what
 * was documented and mailed.
 */
export type FakeTable = ReturnType<typeof fakeTable>;

export function fakeTable() {
  return {
    statements: new Map<string, StatementItem>(),
    consumed: new Map<string, string>(),
    // Account entries: a publication takes those it carries (sets statement_id) as the real transaction does.
    entries: [] as AccountEntryItem[],
    mails: [] as string[],
    documented: [] as string[],
    // The account's stated periods guard: rewritten only at the version read (created at 1).
    guards: new Map<string, { version: number; periods: StatedPeriod[] }>(),
    numbering: { sequence: 0 },
    // Contracts' recoupment: what each has to recoup, what it recouped, rewritten only at the version read.
    recoupment: new Map<
      string,
      { to_recoup: string; recouped: string; version: number; reserve?: { percent: string; release_periods: number } }
    >(),
  };
}

/**
 * A statement run's account step against an in-memory table that keeps the publish transaction's rules: the
 * statement only if absent, the sequence only if it still says n, each expense and entry taken
 * once. Deliveries interleave at every await, as concurrent Lambdas would.
 */
export function fakeCloud(options: {
  accounts: string[];
  expenses?: Record<string, string[]>;
  runId?: string;
  /** The run's months (2026-07..2026-09 unless given). */
  period?: [string, string];
  /** The table this run shares with other runs of the company (a table of its own unless given). */
  table?: FakeTable;
  /** Each account's earnings under contracts (exact), as the publish step's record carries them. */
  contractEarnings?: Record<string, { contract_id: string; earned: string; physical?: string }[]>;
}) {
  const table = options.table ?? fakeTable();
  const { statements, consumed, mails, documented, guards, numbering } = table;
  const skips = new Set<string>();
  const state = {
    get sequence() {
      return numbering.sequence;
    },
    set sequence(value: number) {
      numbering.sequence = value;
    },
    done: 0,
    skipped: 0,
    published: 0,
  };
  const run: StatementRunItem = {
    tenantId: 't1',
    runId: options.runId ?? 'run1',
    kind: 'payee',
    status: 'publishing',
    start_pay_period: options.period?.[0] ?? '2026-07',
    end_pay_period: options.period?.[1] ?? '2026-09',
    label_ids: [],
    accounts: [],
    total: options.accounts.length,
    done: 0,
    scheduled: false,
  } as StatementRunItem;
  const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
  const record = (account: AccountRef): AccountRecord => ({
    earnings: {
      account,
      name: `Payee ${account.id}`,
      email: `${account.id}@example.test`,
      lines: 2,
      quantity: 3,
      royalties: '10.004000',
      aggregator_fee: '0',
      label_ids: [],
    },
    summaries: {},
    provenance: [],
    lines: 2,
    lines_total: '10.004000',
    contract_earnings: options.contractEarnings?.[account.id] ?? [],
    graphs: false,
    currency: 'GBP',
    csv_stored: true,
  });
  const figures = {
    opening_balance: '0.00',
    royalties: '10.00',
    costs: '-1.00',
    expenses: '-1.00',
    advances: '0.00',
    reserves: '0.00',
    transfers: '0.00',
    payments: '0.00',
    adjustments: '0.00',
    closing_balance: '9.00',
    payable: '9.00',
  };
  /** One atomic publication, as DynamoDB's transaction is: the outcome. */
  const write = async (publication: StatementPublication): Promise<PublicationOutcome> => {
    await tick();
    const { statement } = publication;
    if (statements.has(statement.statementId)) return 'exists';
    // A number reserved at publish moved the sequence then (no sequenceFrom): only its guard entry is checked.
    if (publication.sequenceFrom !== undefined && state.sequence !== publication.sequenceFrom) return 'number_taken';
    if ((guards.get(statement.accountKey)?.version ?? 0) !== publication.stated.version) return 'stated_moved';
    // What a statement takes is on no statement yet, or (a correction) on the statement it replaces.
    const takenElsewhere = (on: string | undefined) => on !== undefined && on !== publication.replacesId;
    if (publication.expenseIds.some((id) => takenElsewhere(consumed.get(id)))) return 'consumed_elsewhere';
    // A correction replaces a finished statement still in force, and marks it replaced in the same step.
    const replaced = publication.replacesId ? statements.get(publication.replacesId) : undefined;
    if (publication.replacesId && (!replaced || replaced.superseded_by || replaced.queue_status !== 'published'))
      return 'already_corrected';
    const taken = table.entries.filter((e) => publication.entryIds.includes(e.entryId));
    if (taken.some((e) => takenElsewhere(e.statement_id))) return 'consumed_elsewhere';
    const recouping = publication.recoupment ?? [];
    if (recouping.some((r) => table.recoupment.get(r.contract_id)?.version !== r.version)) return 'recoupment_moved';
    for (const r of recouping) {
      const position = table.recoupment.get(r.contract_id);
      if (position) table.recoupment.set(r.contract_id, { ...position, recouped: r.recouped, version: r.version + 1 });
    }
    if (replaced) statements.set(replaced.statementId, { ...replaced, superseded_by: statement.statementId });
    for (const e of taken) e.statement_id = statement.statementId;
    guards.set(statement.accountKey, {
      version: publication.stated.version + 1,
      periods: periodsAfter(
        publication.stated.periods,
        {
          statement_id: statement.statementId,
          number: statement.number,
          start_pay_period: statement.start_pay_period,
          end_pay_period: statement.end_pay_period,
        },
        publication.replacesId,
      ),
    });
    if (publication.sequenceFrom !== undefined) state.sequence = publication.sequenceFrom + 1;
    for (const id of publication.expenseIds) consumed.set(id, statement.statementId);
    statements.set(statement.statementId, { ...statement, createdAt: 'now' } as StatementItem);
    return 'published';
  };
  const deps: AccountStepDeps = {
    getRun: async () => {
      await tick();
      return { ...run, done: state.done, skipped: state.skipped };
    },
    getStatement: async (_t, id) => {
      await tick();
      const found = statements.get(id);
      return found ? { ...found } : null;
    },
    readAccountRecord: async (_run, account) => record(account),
    assemble: async ({ account }) => {
      await tick();
      const expense_ids = (options.expenses?.[account.id] ?? []).filter((id) => !consumed.has(id));
      return {
        figures,
        not_paid_reasons: [],
        recoupment: { advance: '0.00', recouped: '0.00', remaining: '0.00' },
        minimum_payout: '0.00',
        rounding_in: '0',
        rounding_out: '0.004',
        expenses_total: '1.00',
        expense_ids,
        entry_ids: [],
        previous_statement_id: null,
        self_billing: null,
        withholding_tax: null,
        holder: {
          name: account.id,
          email: `${account.id}@example.com`,
          minimum_payout: null,
          self_billing: false,
          vat_registered: false,
          vat_rate: null,
          withholding_tax_rate: null,
          address: `1 ${account.id} Road`,
          vat_number: null,
          tax_form: null,
          tax_form_expires_on: null,
        },
        payments: [],
      };
    },
    readSequence: async () => {
      await tick();
      return state.sequence;
    },
    readStated: async (_t, accountKey) => {
      await tick();
      const guard = guards.get(accountKey);
      return guard ? { version: guard.version, periods: [...guard.periods] } : { version: 0, periods: [] };
    },
    readRecoupment: async (_t, ids) => {
      await tick();
      return ids.flatMap((contract_id) => {
        const position = table.recoupment.get(contract_id);
        return position ? [{ contract_id, name: `Contract ${contract_id}`, ...position }] : [];
      });
    },
    skip: async (_t, runId, accountKey) => {
      await tick();
      if (skips.has(`${runId} ${accountKey}`)) return false;
      skips.add(`${runId} ${accountKey}`);
      state.skipped += 1;
      return true;
    },
    publish: async (publication: StatementPublication) => {
      const outcome = await write(publication);
      const stored = statements.get(publication.statement.statementId);
      // As DynamoDB's: the statement as written comes back with the write that wrote it.
      return outcome === 'published' && stored ? { outcome, statement: { ...stored } } : { outcome };
    },
    claim: async (_t, statementId) => {
      await tick();
      const statement = statements.get(statementId);
      if (statement?.queue_status !== 'queued') return false;
      statements.set(statementId, { ...statement, queue_status: 'generating' });
      return true;
    },
    release: async (_t, statementId) => {
      const statement = statements.get(statementId);
      if (statement?.queue_status === 'generating')
        statements.set(statementId, { ...statement, queue_status: 'queued' });
    },
    documents: async (statement, { mail }) => {
      await tick();
      documented.push(statement.number);
      if (mail) mails.push(statement.number);
      return { pdf_key: `${statement.statementId}.pdf`, csv_key: `${statement.statementId}.csv` };
    },
    complete: async (_t, statementId, _runId, keys) => {
      await tick();
      const statement = statements.get(statementId);
      if (statement?.queue_status !== 'generating') return false;
      statements.set(statementId, { ...statement, ...keys, queue_status: 'published' });
      state.done += 1;
      return true;
    },
    // Only a publishing run moves to published: counting again after it did changes nothing.
    counted: async () => {
      if (state.done + state.skipped >= options.accounts.length && run.status === 'publishing') {
        run.status = 'published';
        state.published += 1;
      }
    },
    // The fake's ledger never moves, so no statement finds its lines changed (stated-ledger-race.test.ts does).
    computeAgain: async () => {
      throw new Error('The fake statement table has no ledger to move');
    },
    pause: tick,
  };
  /** The publish step's reservation against the same table: the sequence and the guards in one atomic step. */
  const reserveDeps: ReserveDeps = {
    readStated: async (tenantId, keys) =>
      new Map(await Promise.all(keys.map(async (key) => [key, await deps.readStated(tenantId, key)] as const))),
    readSequence: deps.readSequence,
    skip: deps.skip,
    reserve: async (_t, from, claims) => {
      await tick();
      if (state.sequence !== from) return 'number_taken';
      if (claims.some((c) => (guards.get(c.accountKey)?.version ?? 0) !== c.stated.version)) return 'stated_moved';
      for (const c of claims)
        guards.set(c.accountKey, { version: c.stated.version + 1, periods: periodsAfter(c.stated.periods, c.period) });
      state.sequence = from + claims.length;
      return 'reserved';
    },
    pause: tick,
  };
  const message = (id: string) => ({ tenantId: 't1', runId: run.runId, account: { type: 'Payee' as const, id } });
  return { deps, reserveDeps, statements, consumed, mails, documented, guards, skips, state, run, message };
}
