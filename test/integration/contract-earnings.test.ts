import { expect, it } from 'vitest';
import type { RunPreviewRow, RunTotals } from '../../shared/schemas/statement-views.js';
import { cents, units } from '../support/exact-money.js';
import { ownCompany } from '../support/own-company.js';
import { importStreams } from '../support/royalty-report.js';
import { previewedRun } from '../support/statement-run.js';

/**
 * A signed contract drives every figure at once: the statement preview, the royalties list and the
 * finances all read the engine's one split, so signing the contract moves them together (the
 * contracts list's version is part of the terms the figures are held for), and a draft moves nothing.
 */

it('pays the contract’s terms on the artist’s lines once it is signed, on every screen alike', async () => {
  const { api } = await ownCompany('Contract earnings');
  const stamp = Date.now();
  const artistId = (await api.post('/artists', { name: `Deal Artist ${stamp}` })).body.artist.id;
  const payees: string[] = [];
  for (const n of [1, 2]) payees.push((await api.post('/payees', { name: `Deal Payee ${n} ${stamp}` })).body.payee.id);
  const isrc = `GBCT${String(stamp).slice(-7)}1`;
  const made = await api.post('/recordings', {
    title: `Deal Song ${stamp}`,
    isrc,
    // Today's rule without a contract: the artist is owed all of the label's digital share.
    artist_recordings_attributes: [{ artist_id: artistId, payee_share: 100, digital_royalty_share: 100 }],
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  await importStreams(api, `Contract earnings ${stamp}`, [
    `Spotify,2031-03,${isrc},GB,1,10.00`,
    `Spotify,2031-03,${isrc},US,1,20.00`,
  ]);
  const scope = { kind: 'payee', start_pay_period: '2031-03', end_pay_period: '2031-03' } as const;
  const range = 'start_date=2031-03-01&end_date=2031-03-31';
  const lines = (await api.get(`/royalties?${range}&per_page=10`)).body;
  const share = (territory: string) =>
    units(lines.royalties.find((l: { territory: string }) => l.territory === territory).label_payable);

  const before = (await previewedRun(api, scope)).previewed.preview.totals as RunTotals;
  expect(units(before.allocated)).toBe(share('GB') + share('US'));

  const contract = await api.post('/contracts', {
    contractable_type: 'artist',
    contractable_id: artistId,
    type: 'artist_release_contract',
    contractee_type: 'artist',
    contractee_id: artistId,
    contractee_legal_name: 'Deal Artist Ltd',
    contractor_legal_name: 'Contract Earnings Records Ltd',
    start_date: '2031-01-01',
    contract_payees: payees.map((payee_id) => ({ payee_id, share: '50' })),
    royalty_terms: {
      deal_type: 'royalty',
      terms: [
        { conditions: {}, rate: '25', base: 'net_receipts' },
        { conditions: { channel: 'streaming', territories_in: ['GB'] }, rate: '30', base: 'net_receipts' },
      ],
    },
  });
  expect(contract.status, JSON.stringify(contract.body)).toBe(201);
  // A draft binds nobody: the figures stay as they were.
  const draft = (await api.get(`/royalties?${range}&per_page=10`)).body;
  expect(units(draft.artist_sum)).toBe(share('GB') + share('US'));

  const signed = await api.patch(`/contracts/${contract.body.contract.id}`, { status: 'signed' });
  expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  // GB streaming: 30 %; US: 25 %; the shares here are whole cents, so the parts are exact millionths.
  const payable = (share('GB') * 30n + share('US') * 25n) / 100n;
  const { previewed } = await previewedRun(api, scope);
  const totals = previewed.preview.totals as RunTotals;
  expect(units(totals.allocated)).toBe(payable);
  expect(units(totals.retained)).toBe(share('GB') + share('US') - payable);
  // The contract's payees are paid, no longer the artist.
  const rows = previewed.preview.rows as RunPreviewRow[];
  expect(rows.map((r) => `${r.account.type}#${r.account.id}`).sort()).toEqual(payees.map((id) => `Payee#${id}`).sort());
  // Each payee's own finances page shows what the run pays it, though no recording of theirs names them: its pass
  // finds their lines through the contract's artist.
  for (const row of rows) {
    const page = (await api.get(`/payees/${row.account.id}/finances?${range}`)).body.finances;
    expect([page.totals.artist_share, page.totals.lines]).toEqual([row.royalties, row.lines]);
  }

  const list = (await api.get(`/royalties?${range}&per_page=10`)).body;
  expect([list.artist_sum, list.retained_sum, list.unaccountable_sum].map(units)).toEqual(
    [totals.allocated, totals.retained, totals.unaccountable].map(units),
  );
  const company = (await api.get(`/company/finances?${range}`)).body.finances.totals;
  expect([company.artist_share, company.retained]).toEqual([totals.allocated, totals.retained].map(cents));
}, 240_000);
