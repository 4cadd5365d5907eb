import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { money } from '../../functions/money/statements/documents/format.js';
import { roundRowsToStated, roundRowsToTotal } from '../../shared/money.js';
import type { SummaryRow } from '../../shared/schemas/statement-views.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { pdfText } from '../support/pdf-text.js';
import { importStreams } from '../support/royalty-report.js';
import { publishedRun } from '../support/statement-run.js';

/**
 * A payee paid on 20,000 stores and 20,000 territories: its statement item would pass DynamoDB's
 * 400 KB with every row of its "By store" and "By territory" tables, so publishing stores each
 * table's largest rows and one row for the rest. The statement publishes, its stored item stays
 * under the limit, every table adds up to the statement's royalties (exactly, and as printed to the
 * cent), and the page and the PDF show the same rows.
 */
const stamp = Date.now();
const DISTINCT = 20_000;
let company: OwnCompany;
let payeeId: string;

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  company = await ownCompany('Long summaries');
  const payee = await company.api.post('/payees', {
    name: `Many Stores ${stamp}`,
    email: `many.${stamp}@example.test`,
  });
  expect(payee.status).toBe(201);
  payeeId = payee.body.payee.id;
  const isrc = `GBLS${String(stamp).slice(-8)}`;
  const recording = await company.api.post('/recordings', {
    title: `Everywhere ${stamp}`,
    isrc,
    recording_payees_attributes: [{ payee_id: payeeId, split: 100 }],
  });
  expect(recording.status).toBe(201);
  // Amounts differ line by line (0.001 to 20.000), so the kept rows are the largest, not the first.
  const rows = Array.from(
    { length: DISTINCT },
    (_, i) => `Store number ${i} of a long list,2031-05,${isrc},T${i},1,${((i + 1) / 1000).toFixed(3)}`,
  );
  await importStreams(company.api, `Long summaries ${stamp}`, rows);
}, 180_000);

describe('a statement with thousands of stores and territories', () => {
  it('publishes with an item under DynamoDB’s limit whose tables add up to the royalties and match the PDF', async () => {
    const { api, companyId } = company;
    await publishedRun(api, {
      kind: 'payee',
      start_pay_period: '2031-05',
      end_pay_period: '2031-05',
      accounts: [{ type: 'Payee', id: payeeId }],
    });
    const list = (await api.get('/statements?per_page=10')).body.statements as { id: string }[];
    expect(list).toHaveLength(1);
    const statement = (await api.get(`/statements/${list[0].id}`)).body.statement;
    expect(statement.control.lines).toBe(DISTINCT);

    // The item as DynamoDB stores it.
    const { getDb } = await import('../../functions/data/service.js');
    const { dynamoClient } = await import('../../functions/lib/clients.js');
    const get = getDb().entities.Statement.get({ tenantId: companyId, statementId: list[0].id });
    const { Key, TableName } = get.params() as { Key: Record<string, string>; TableName: string };
    const stored = (await dynamoClient().send(new GetCommand({ TableName, Key }))).Item;
    expect(stored).toBeDefined();
    expect(Buffer.byteLength(JSON.stringify(stored))).toBeLessThan(400 * 1024);

    const royalties = statement.control.lines_total as string;
    const pdf = await pdfText(
      Buffer.from(await (await fetch((await api.get(`/statements/${list[0].id}/pdf`)).body.url)).arrayBuffer()),
    );
    for (const [dimension, noun, title] of [
      ['store', 'stores', 'By store'],
      ['territory', 'territories', 'By territory'],
    ] as const) {
      const rows = statement.summaries[dimension] as SummaryRow[];
      expect(rows).toHaveLength(101);
      const other = rows[100];
      expect(other).toMatchObject({ value: null, others: DISTINCT - 100, lines: DISTINCT - 100 });
      expect(other.label).toBe(`19,900 other ${noun}`);
      // The kept rows are the 100 largest, largest first.
      const kept = rows.slice(0, 100).map((r) => BigInt(r.amount.replace('.', '')));
      expect(kept).toEqual([...kept].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
      expect(kept[99]).toBeGreaterThan(BigInt(other.amount.replace('.', '')) / BigInt(DISTINCT - 100));
      // Exactly the statement's royalties, every line counted once.
      const units = rows.reduce((t, r) => t + BigInt(r.amount.replace('.', '')), 0n);
      expect(units).toBe(BigInt(royalties.replace('.', '')));
      expect(rows.reduce((t, r) => t + r.lines, 0)).toBe(DISTINCT);
      // As printed to the cent: the rows add up to the printed total, the statement's royalties.
      const printed = roundRowsToStated(
        rows.map((r) => r.amount),
        statement.figures.royalties,
      );
      expect(printed.rows.reduce((t, r) => t + BigInt(r.replace('.', '')), 0n)).toBe(
        BigInt(printed.total.replace('.', '')),
      );
      expect(printed.total).toBe(roundRowsToTotal([royalties]).total);
      // The PDF prints the same rows: the folded row and its figure, and the table's total.
      const table = pdf.slice(pdf.indexOf(title));
      const figure = (cents: string | undefined) => escapedForRegExp(money(cents ?? '', statement.currency));
      expect(table).toMatch(new RegExp(`19,900 other ${noun}\\s+19,900\\s+19,900\\s+${figure(printed.rows[100])}`));
      expect(table).toMatch(new RegExp(`Total\\s+20,000\\s+20,000\\s+${figure(printed.total)}`));
    }
  }, 240_000);
});

const escapedForRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
