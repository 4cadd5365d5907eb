import { accountKeyOf, accountOfKey } from '../../accounts/account.js';
import type { AccountRef, NotYetStated, RunKind } from '../../../../shared/schemas/statement-views.js';
import { type LateCheckStatement, statementsForLateCheck } from '../../../data/access/statements.js';
import { statementCatalogue } from '../../../data/access/statement-catalogue.js';
import { computeEarnings, type AccountEarnings, type EarningsScope } from '../../earnings/earnings.js';
import { exactFromUnits, unitsFromExact } from '../../../royalties/ledger/units.js';

/**
 * Late money: lines that reach months an account was already stated for (imported, matched or
 * accepted after the statement was published) are on no statement, and a run for those months
 * leaves the account out. They are stated by a correction of that statement (a new version of the
 * same months), never by a later period's statement: a statement's months say which sales it
 * holds, and the correction replaces the old version, so each line is stated once.
 *
 * What is not yet stated is what such a correction would add: the earnings engine's figures for
 * the statement's account and months now (the same scope a correction computes over), less what
 * the statement carries (its control: lines and Σ of its CSV's shares). Lines on a published
 * statement cannot change (royalties/api/stated-lines.ts), so the difference is the late lines.
 */

/** Where the late checks' earnings are kept, apart from the statement runs' files. */
const LATE_EARNINGS = 'late-earnings';

/** The statement's figures that late money is measured against. */
type Stated = Pick<LateCheckStatement, 'control'>;

/** An account's late lines and money, or null when its statement carries everything its months hold now. */
export function lateMoney(statement: Stated, earned: Pick<AccountEarnings, 'lines' | 'royalties'> | undefined) {
  const lines = (earned?.lines ?? 0) - (statement.control?.lines ?? 0);
  const units = unitsFromExact(earned?.royalties ?? '0') - unitsFromExact(statement.control?.lines_total ?? '0');
  return lines === 0 && units === 0n ? null : { lines, amount: exactFromUnits(units) };
}

/** The scope a correction of the statement computes over (statements/api/runs.ts newStatementVersion). */
function correctionScope(statement: LateCheckStatement): EarningsScope {
  const distribution = statement.type === 'DistributionStatement';
  return {
    kind: distribution ? 'distribution' : 'payee',
    start_pay_period: statement.start_pay_period,
    end_pay_period: statement.end_pay_period,
    label_ids: distribution || !statement.label_id ? [] : [statement.label_id],
    accounts: [accountOfKey(statement.accountKey)],
  };
}

/** Which statements to look at: of one kind of run, of some accounts only. */
export type LateFilter = { kind?: RunKind; accounts?: readonly AccountRef[] };

/**
 * Every statement in force (not replaced by a correction) whose months hold money it does not
 * carry, with that money. One engine computation per distinct scope: the statements of one run
 * share theirs, whatever the number of accounts.
 */
export async function notYetStated(tenantId: string, filter: LateFilter = {}): Promise<NotYetStated[]> {
  const wanted = filter.accounts?.length ? new Set<string>(filter.accounts.map(accountKeyOf)) : null;
  const inForce = (await statementsForLateCheck(tenantId)).filter(
    (s) =>
      !s.superseded_by &&
      s.control &&
      (!filter.kind || correctionScope(s).kind === filter.kind) &&
      (!wanted || wanted.has(s.accountKey)),
  );
  const groups = new Map<string, LateCheckStatement[]>();
  for (const statement of inForce) {
    const { kind, start_pay_period, end_pay_period, label_ids } = correctionScope(statement);
    const key = [kind, start_pay_period, end_pay_period, ...label_ids].join('|');
    groups.set(key, [...(groups.get(key) ?? []), statement]);
  }
  const rows: NotYetStated[] = [];
  // Read once for every stated period's computation below (each would read it again), if any statement is in force.
  const catalogue = groups.size ? await statementCatalogue(tenantId) : undefined;
  // One computation after another: each holds a DuckDB over the ledger; the machine is small.
  for (const statements of groups.values()) {
    const scope = { ...correctionScope(statements[0]), accounts: statements.map((s) => accountOfKey(s.accountKey)) };
    // Asked on every view of the dashboard and the statements page: the earnings are kept (kept-allocation.ts) and
    // given again until an import, an edit or a catalogue change names other inputs.
    const earnings = await computeEarnings(tenantId, scope, { answerKeptAs: LATE_EARNINGS, catalogue });
    const byKey = new Map<string, (typeof earnings.accounts)[number]>(
      earnings.accounts.map((a) => [accountKeyOf(a.account), a]),
    );
    for (const statement of statements) {
      const late = lateMoney(statement, byKey.get(statement.accountKey));
      if (!late) continue;
      rows.push({
        statement_id: statement.statementId,
        number: statement.number,
        account: accountOfKey(statement.accountKey),
        name: statement.payee_name,
        start_pay_period: statement.start_pay_period,
        end_pay_period: statement.end_pay_period,
        ...late,
      });
    }
  }
  return rows.sort((a, b) => a.start_pay_period.localeCompare(b.start_pay_period) || a.number.localeCompare(b.number));
}
