import { inject } from 'vitest';
import { ulid } from 'ulid';

/**
 * Publishes one account's statement through the statement worker's account step, with the
 * account's earnings given (as a run's publish step would store them): numbering, the account's
 * figures (opening balance, entries carried, payments) and the paid state are the real ones,
 * whatever the engine would compute. Nothing is queued.
 */
export async function publishHandStatement(
  tenantId: string,
  userId: string,
  account: { type: 'Payee'; id: string; name: string },
  range: [string, string],
  royalties: string,
): Promise<void> {
  Object.assign(process.env, inject('cloudEnv'));
  const access = await import('../../functions/data/access/statements.js');
  const step = await import('../../functions/statements/runs/account-step.js');
  const deps = (await import('../../functions/statements/runs/account-deps.js')).accountStepDeps;
  const objects = await import('../../functions/statements/runs/objects.js');
  const { runKeys } = await import('../../functions/statements/statement-keys.js');
  const runId = ulid();
  const ref = { type: account.type, id: account.id };
  await access.createRun({
    tenantId,
    runId,
    kind: 'payee',
    status: 'publishing',
    start_pay_period: range[0],
    end_pay_period: range[1],
    label_ids: [],
    accounts: [ref],
    total: 1,
    done: 0,
    userId,
  });
  await objects.putJson(runKeys.account(tenantId, runId, ref), {
    earnings: {
      account: ref,
      name: account.name,
      email: null,
      lines: 1,
      quantity: 1,
      royalties,
      aggregator_fee: '0.000000',
      label_ids: [],
    },
    summaries: {},
    provenance: [],
    lines: 1,
    lines_total: royalties,
    graphs: false,
    currency: 'GBP',
  });
  await objects.putBytes(
    runKeys.accountCsv(tenantId, runId, ref),
    `line_id,pay_period,share\nL1,${range[0]},${royalties}\n`,
    'text/csv',
  );
  const outcome = await step.runAccountStep({ tenantId, runId, account: ref }, deps);
  if (outcome !== 'published') throw new Error(`the hand statement was not published: ${outcome}`);
}
