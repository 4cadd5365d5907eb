import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountEntryItem, StatementItem, StatementRunItem } from '../../functions/data/entities/statements.js';

/**
 * A run's statements name the same company as sender and mostly the same label: while a run's documents are made,
 * each is read once per run (functions/money/statements/runs/documents.ts), not once per statement; a statement
 * opened on its own reads them afresh. The company's currency and self-billing terms, which every account's figures
 * use, are read once per run too.
 */
const send = vi.fn();
vi.mock('../../functions/lib/clients.js', async (original) => ({
  ...(await original<typeof import('../../functions/lib/clients.js')>()),
  dynamoClient: () => ({ send }),
}));

const TABLE = 'statement-document-reads-test';
let company: Record<string, unknown>;
let label: Record<string, unknown>;

beforeAll(async () => {
  process.env.TABLE_NAME = TABLE;
  const { getDb } = await import('../../functions/data/service.js');
  const { Company, Label } = getDb().entities;
  company = Company.put({ companyId: 'c1', name: 'Northern Sender Records' }).params().Item;
  label = Label.put({ tenantId: 'c1', labelId: 'l1', name: 'Sender Label' }).params().Item;
  send.mockImplementation(async (command: unknown) => {
    if (command instanceof GetCommand) {
      const { pk, sk } = command.input.Key ?? {};
      const item = [company, label].find((i) => i.pk === pk && i.sk === sk);
      return item ? { Item: item } : {};
    }
    return { Items: [] };
  });
});

const statement = (statementId: string, runId?: string) =>
  ({
    tenantId: 'c1',
    statementId,
    accountKey: 'Payee#p1',
    label_id: 'l1',
    payee_name: 'A Payee',
    figures: { payable: '0.00' },
    currency: 'GBP',
    ...(runId ? { run_id: runId } : {}),
  }) as unknown as StatementItem;

/** The GetItems of the company and of the label among the calls made so far. */
const reads = () => {
  const keys = send.mock.calls
    .map(([c]) => c)
    .filter((c) => c instanceof GetCommand)
    .map((c) => `${c.input.Key?.pk} ${c.input.Key?.sk}`);
  const of = (item: Record<string, unknown>) => keys.filter((k) => k === `${item.pk} ${item.sk}`).length;
  return { company: of(company), label: of(label) };
};

describe("a statement's document reads", () => {
  it('reads the sender and the label once for every statement of a run, and afresh for one opened on its own', async () => {
    const { runStatementDocument, statementDocument } = await import(
      '../../functions/money/statements/runs/documents.js'
    );
    send.mockClear();
    const first = await runStatementDocument(statement('s1', 'run-1'));
    await runStatementDocument(statement('s2', 'run-1'));
    await runStatementDocument(statement('s3', 'run-1'));
    expect(first.company.name).toBe('Northern Sender Records');
    expect(first.statement.label?.name).toBe('Sender Label');
    expect(reads()).toEqual({ company: 1, label: 1 });

    // Another run reads them again, and so does a statement opened on its own, each time.
    await runStatementDocument(statement('s4', 'run-2'));
    await statementDocument(statement('s1', 'run-1'));
    await statementDocument(statement('s1', 'run-1'));
    expect(reads()).toEqual({ company: 4, label: 4 });
  });

  it('reads neither the holder nor the entries when numbering read them, and shows what it read', async () => {
    const { runStatementDocument } = await import('../../functions/money/statements/runs/documents.js');
    const holder = {
      name: 'A Payee',
      email: 'payee@example.com',
      minimum_payout: null,
      self_billing: false,
      vat_registered: false,
      vat_rate: null,
      withholding_tax_rate: null,
      address: null,
      vat_number: null,
      tax_form: null,
      tax_form_expires_on: null,
    };
    const payment = {
      tenantId: 'c1',
      accountKey: 'Payee#p1',
      entryId: 'e1',
      kind: 'payment',
      amount: '-70.00',
      date: '2026-04-10',
      payment_method: 'BACS',
      statement_id: 's9',
    } as unknown as AccountEntryItem;
    await runStatementDocument(statement('s0', 'run-3'));
    send.mockClear();
    const document = await runStatementDocument(statement('s9', 'run-3'), { holder, payments: [payment] });
    // Nothing read: the sender and label once for the run already, the holder and payments handed in.
    expect(send).not.toHaveBeenCalled();
    expect(document.payee.email).toBe('payee@example.com');
    expect(document.statement.payments_made?.map((p) => p.text)).toEqual(['£70.00 paid on 10th Apr 2026 via BACS']);
    // Without them, both are read: the holder's GetItem and the account's entries.
    await runStatementDocument(statement('s10', 'run-3'));
    expect(send.mock.calls.map(([c]) => c.constructor.name).sort()).toEqual(['GetCommand', 'QueryCommand']);
  });

  it('reads nothing for a statement that keeps who it names, and prints them as kept', async () => {
    const { runStatementDocument, statementDocument } = await import(
      '../../functions/money/statements/runs/documents.js'
    );
    const kept = {
      ...statement('s20', 'run-4'),
      names: {
        sender: { name: 'Old Name Records', address: '1 Old Street', email: 'old@example.com', vat_number: 'GB1' },
        payee_email: 'kept@example.com',
        payee_address: '2 New Road',
        payee_vat_number: 'GB222222222',
        label_name: 'Old Label',
      },
    } as StatementItem;
    send.mockClear();
    for (const document of [await runStatementDocument(kept), await statementDocument(kept)]) {
      expect(document.company).toEqual(kept.names?.sender);
      // A self-billing invoice names its supplier with the address and VAT number kept when it was published.
      expect(document.payee).toMatchObject({
        email: 'kept@example.com',
        address: '2 New Road',
        vat_number: 'GB222222222',
      });
      expect(document.statement.label?.name).toBe('Old Label');
    }
    // The payments it carries are still read (they are not part of who it names).
    expect(send.mock.calls.map(([c]) => c.constructor.name)).toEqual(['QueryCommand', 'QueryCommand']);
  });

  it("reads the company's terms once for every account of a run, and the assembly given them reads none", async () => {
    const { accountStepDeps } = await import('../../functions/money/statements/runs/account-deps.js');
    const { assembleAccount } = await import('../../functions/money/statements/accounts/assemble.js');
    const run = (runId: string) => ({ tenantId: 'c1', runId }) as StatementRunItem;
    send.mockClear();
    const terms = await accountStepDeps.companyTerms?.(run('run-1'));
    await accountStepDeps.companyTerms?.(run('run-1'));
    expect(terms).toEqual({ currency: 'GBP', self_billing: false, self_billing_expires_at: undefined });
    expect(reads().company).toBe(1);
    await accountStepDeps.companyTerms?.(run('run-2'));
    expect(reads().company).toBe(2);

    const input = {
      tenantId: 'c1',
      account: { type: 'Payee' as const, id: 'p1' },
      start_pay_period: '2026-04',
      end_pay_period: '2026-06',
      royalties: '12.345678',
      currency: 'GBP',
    };
    const assembled = await assembleAccount({ ...input, company: terms });
    expect(assembled.figures.royalties).toBe('12.35');
    expect(reads().company).toBe(2);
    // Without them, it reads them itself.
    await assembleAccount(input);
    expect(reads().company).toBe(3);
  });
});
