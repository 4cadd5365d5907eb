import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { dropReport, putThreeWaySplit } from '../support/finance-fixture.js';
import { ownLabelManager } from '../support/own-company.js';
import { accountCsvText } from '../support/account-csv.js';

/**
 * Who is owed what, through the real local cloud: a report dropped into a company's folder is
 * imported into the ledger, and the statements engine reads the company's effective ledger and
 * catalogue (DynamoDB) to split each line's label share among the recording's payees, exactly.
 * Another company's lines, imported for the same period, are never counted.
 */
const stamp = Date.now();
const period = `20${40 + (stamp % 50)}-07`;
const isrc = (n: number) => `QS${String(stamp).slice(-3)}${String(n).padStart(7, '0')}`;
const payee = (n: number) => `PAY-${stamp}-${n}`;
const labelId = `LAB-ST-${stamp}`;
const sourceId = `SRC-ST-${stamp}`;
let tenantId: string;
let otherId: string;

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  const manager = await ownLabelManager('Statement Earnings');
  tenantId = manager.distributed.id;
  otherId = manager.publisher.id;
  const { getDb } = await import('../../functions/data/service.js');
  const db = getDb().entities;
  const map = {
    columns: { isrc: 'ISRC', subtotal_payable: 'Net', subtotal_payable_currency: 'Currency', pay_period: 'Period' },
    constants: { retailer: 'Spotify', territory: 'GB', sales_category: 'Stream' },
  };
  for (const tenant of [tenantId, otherId]) {
    await db.RoyaltySource.put({ tenantId: tenant, id: sourceId, name: 'Statement Store', map }).go();
    await db.Label.put({ tenantId: tenant, labelId, name: `Statement Label ${stamp}`, deal_percentage: 80 }).go();
    await db.Release.put({
      tenantId: tenant,
      id: `REL-ST-${stamp}`,
      title: 'Statement EP',
      label_id: labelId,
      release_recordings: [{ recording_id: `REC-ST-${stamp}-1` }, { recording_id: `REC-ST-${stamp}-2` }],
    }).go();
  }
  for (const n of [1, 2, 3, 4])
    await db.Payee.put({ tenantId, id: payee(n), name: `Payee ${n}`, email: `payee${n}.${stamp}@example.test` }).go();
  await db.Artist.put({
    tenantId,
    id: `ART-ST-${stamp}`,
    name: 'Statement Band',
    artist_members: [{ id: 'm1', contributor_id: 'c1', payee_id: payee(4), active: true }],
  }).go();
  await putThreeWaySplit(db, tenantId, { id: `REC-ST-${stamp}-1`, title: 'Three Ways', isrc: isrc(1) }, [
    payee(1),
    payee(2),
    payee(3),
  ]);
  await db.Recording.put({
    tenantId,
    id: `REC-ST-${stamp}-2`,
    title: 'Band Song',
    isrc: isrc(2),
    artist_recordings: [{ artist_id: `ART-ST-${stamp}`, payee_share: 50, digital_royalty_share: 100 }],
  }).go();
  // The other company: the same ISRC, its own payee.
  await db.Payee.put({ tenantId: otherId, id: payee(9), name: 'Elsewhere' }).go();
  await db.Recording.put({
    tenantId: otherId,
    id: `REC-ST-${stamp}-1`,
    title: 'Three Ways',
    isrc: isrc(1),
    recording_payees: [{ payee_id: payee(9), split: 100 }],
  }).go();
  const report = (lines: string[]) => ['ISRC,Net,Currency,Period', ...lines].join('\n');
  await dropReport(
    tenantId,
    sourceId,
    'statement',
    report([
      `${isrc(1)},10.01,GBP,${period}`,
      `${isrc(1)},-1.00,GBP,${period}`,
      `${isrc(2)},0.03,GBP,${period}`,
      `${isrc(7)},1.00,GBP,${period}`,
    ]),
  );
  await dropReport(otherId, sourceId, 'elsewhere', report([`${isrc(1)},500.00,GBP,${period}`]));
}, 120_000);

const scope = () => ({
  kind: 'payee' as const,
  start_pay_period: period,
  end_pay_period: period,
  label_ids: [labelId],
  accounts: [],
});

describe('statement earnings from the ledger', () => {
  it('splits each line among the payees to the millionth and reconciles the period', async () => {
    const { computeEarnings } = await import('../../functions/money/earnings/earnings.js');
    const earnings = await computeEarnings(tenantId, scope());
    // £10.01 → label 8.008000 → 2.669067 / 2.669066 / 2.669867 (the worked example of docs/statements.md); −£1.00 → −0.266640 / −0.266640 / −0.266720.
    expect(earnings.accounts.map((a) => [a.account.id, a.name, a.royalties, a.lines])).toEqual([
      [payee(1), 'Payee 1', '2.402427', 2],
      [payee(2), 'Payee 2', '2.402426', 2],
      [payee(3), 'Payee 3', '2.403147', 2],
      [payee(4), 'Payee 4', '0.012000', 1],
    ]);
    expect(earnings.accounts[0].email).toBe(`payee1.${stamp}@example.test`);
    expect(earnings.accounts[0].label_ids).toEqual([labelId]);
    const units = (v: string) => BigInt(v.replace('.', ''));
    const t = earnings.totals;
    expect(t).toMatchObject({ lines: 4, allocated: '7.220000', retained: '0.012000' });
    expect(units(t.allocated) + units(t.retained) + units(t.unaccountable)).toBe(units(t.label_payable));
    expect(earnings.unaccountable).toEqual([
      expect.objectContaining({
        recording_id: null,
        isrc: isrc(7),
        lines: 1,
        reason: 'unmatched',
        label_payable: t.unaccountable,
      }),
    ]);
    expect(earnings.warnings).toMatchObject({ unmatched_lines: 1, unaccountable_recordings: 1, missing_rates: [] });
  });

  it("never counts another company's lines", async () => {
    const { computeEarnings } = await import('../../functions/money/earnings/earnings.js');
    const mine = await computeEarnings(tenantId, scope());
    expect(mine.accounts.some((a) => a.account.id === payee(9))).toBe(false);
    const theirs = await computeEarnings(otherId, scope());
    expect(theirs.accounts.map((a) => [a.account.id, a.royalties])).toEqual([[payee(9), '400.000000']]);
    expect(theirs.totals.lines).toBe(1);
  });

  it("writes each payee's CSV of lines adding up to its royalties, with the report's provenance", async () => {
    const { materialiseRun } = await import('../../functions/money/earnings/earnings.js');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'statement-material-'));
    try {
      const { earnings, material } = await materialiseRun(tenantId, scope(), dir);
      for (const account of earnings.accounts) {
        const m = material.get(`Payee#${account.account.id}`);
        const rows = accountCsvText(m).trim().split('\n').slice(1);
        const total = rows.reduce((sum, row) => sum + BigInt(row.split(',').at(-1)?.replace('.', '') ?? '0'), 0n);
        expect(total).toBe(BigInt(account.royalties.replace('.', '')));
        expect(m?.lines).toBe(account.lines);
      }
      expect(material.get(`Payee#${payee(1)}`)?.provenance).toEqual([
        expect.objectContaining({
          source: 'Statement Store',
          pay_periods: [period],
          original_currency: 'GBP',
          exchange_rate: '1.000000',
          distributor_fee: '1.802000',
          lines: 2,
          amount: '2.402427',
        }),
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("answers a label's payable sums and pay periods", async () => {
    const { labelPayableSums, royaltyPayPeriods } = await import('../../functions/money/earnings/sums.js');
    expect(await labelPayableSums(tenantId, labelId, { start_pay_period: period, end_pay_period: period })).toEqual({
      lines: 3,
      revenue_from_aggregator: '9.040000',
      aggregator_payable: '1.808000',
      label_payable: '7.232000',
    });
    expect(await royaltyPayPeriods(tenantId, { label_id: labelId })).toEqual([period]);
  });
});
