import { ulid } from 'ulid';

/** A payee account as hand runs publish it: its e-mail (the statement's recipient) when it has one. */
export type HandAccount = {
  type: 'Payee';
  id: string;
  name: string;
  email?: string | null;
  /** The files the statement's mail attaches, as the account's settings would have chosen them. */
  formats?: string[];
};

/** Imported when called: the product's modules read the cloud's endpoints from the environment then. */
const modules = async () => {
  return {
    access: await import('../../functions/data/access/statements.js'),
    step: await import('../../functions/money/statements/runs/account-step.js'),
    deps: (await import('../../functions/money/statements/runs/account-deps.js')).accountStepDeps,
    objects: await import('../../functions/lib/bucket-objects.js'),
    keys: await import('../../functions/money/statements/statement-keys.js'),
  };
};

/**
 * A run publishing one account whose earnings are given (as a run's publish step would store
 * them: two lines, the first earning `royalties`), nothing queued and the account step not run
 * yet: answers the run id and the account step's message.
 */
export async function handRun(
  tenantId: string,
  userId: string,
  account: HandAccount,
  range: [string, string],
  royalties: string,
) {
  const { runId, messages } = await handRunOf(tenantId, userId, [account], range, royalties);
  return { runId, message: messages[0] };
}

/**
 * A run publishing `accounts`, each earning `royalties`, with each account's record and CSV stored
 * as the publish step would store them, and the run's manifest too when `manifest` (the publish
 * step done). Nothing queued: answers the run id and one account-step message per account.
 */
export async function handRunOf(
  tenantId: string,
  userId: string,
  accounts: readonly HandAccount[],
  range: [string, string],
  royalties: string,
  options: { manifest?: boolean } = {},
) {
  const { access, objects, keys } = await modules();
  const runId = ulid();
  const refs = accounts.map((account) => ({ type: account.type, id: account.id }));
  await access.createRun({
    tenantId,
    runId,
    kind: 'payee',
    status: 'publishing',
    start_pay_period: range[0],
    end_pay_period: range[1],
    label_ids: [],
    accounts: refs,
    total: accounts.length,
    done: 0,
    userId,
  });
  for (const [i, account] of accounts.entries()) {
    const ref = refs[i];
    await objects.putJson(keys.statementsBucket(), keys.runKeys.account(tenantId, runId, ref), {
      earnings: {
        account: ref,
        name: account.name,
        email: account.email ?? null,
        lines: 2,
        quantity: 3,
        royalties,
        aggregator_fee: '0.000000',
        label_ids: [],
      },
      summaries: {},
      provenance: [],
      lines: 2,
      lines_total: royalties,
      graphs: false,
      ...(account.formats ? { formats: account.formats } : {}),
      currency: 'GBP',
    });
    // Under the run, as runs published before the publish step stored it under the statement's own key: the
    // account step copies it from there (documents.ts), so these hand runs keep that path tested.
    await objects.putBytes(
      keys.statementsBucket(),
      keys.runKeys.accountCsv(tenantId, runId, ref),
      `line_id,pay_period,share\nL1,${range[0]},${royalties}\nL2,${range[1]},0.000000\n`,
      'text/csv',
    );
  }
  if (options.manifest)
    await objects.putJson(keys.statementsBucket(), keys.runKeys.manifest(tenantId, runId), {
      accounts: refs,
      stated: 0,
    });
  return { runId, messages: refs.map((account) => ({ tenantId, runId, account })) };
}

/**
 * Publishes one account's statement through the statement worker's account step (a hand run):
 * numbering, the account's figures (opening balance, entries carried, payments) and the paid
 * state are the real ones, whatever the engine would compute. Nothing is queued.
 */
export async function publishHandStatement(
  tenantId: string,
  userId: string,
  account: HandAccount,
  range: [string, string],
  royalties: string,
): Promise<void> {
  const { step, deps } = await modules();
  const run = await handRun(tenantId, userId, account, range, royalties);
  const outcome = await step.runAccountStep(run.message, deps);
  if (outcome !== 'published') throw new Error(`the hand statement was not published: ${outcome}`);
}
