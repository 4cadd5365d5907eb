import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artistPayPeriodsOf, artistPayableOf, artistRoyaltyLinesOf } from '../../functions/money/earnings/sums.js';
import { unaccountableRecordings } from '../../functions/money/earnings/preview-figures.js';
import { ledgerFixture, type Line } from './statement-ledger-fixture.js';

/**
 * The artist statement reads: an artist's payable is the Artist account's share plus
 * its members' payees' shares on the artist's own recordings and releases; its pay periods and
 * lines are those it is paid on; a label's unaccountable recordings for "prepare".
 */
let fixture: Awaited<ReturnType<typeof ledgerFixture>>;
beforeAll(async () => {
  fixture = await ledgerFixture();
});
afterAll(() => fixture.close());

const catalogue = {
  recordings: [
    { id: 'R1', title: 'Band Song', artist_recordings: [{ artist_id: 'A1', payee_share: 60 }] },
    { id: 'R2', title: 'Solo Song', artist_recordings: [{ artist_id: 'A2', payee_share: 50 }] },
    // M1 is also paid directly on R3: that is not the band's money.
    { id: 'R3', title: 'Session', recording_payees: [{ payee_id: 'M1', split: 100 }] },
    { id: 'R4', title: 'Nobody' },
  ],
  artists: [
    { id: 'A1', name: 'Band', artist_members: [{ payee_id: 'M1' }, { payee_id: 'M2' }] },
    { id: 'A2', name: 'Solo' },
  ],
};
const lines: Line[] = [
  { recording_id: 'R1', label_payable: '10.000000', pay_period: '2026-01' },
  { recording_id: 'R1', label_payable: '5.000000', pay_period: '2026-03' },
  { recording_id: 'R2', label_payable: '8.000000', pay_period: '2026-02' },
  { recording_id: 'R3', label_payable: '7.000000', pay_period: '2026-02' },
  { recording_id: 'R4', label_id: 'L1', label_payable: '1.000000', pay_period: '2026-02' },
];

describe('artist reads', () => {
  it("an artist's payable: its members' shares from its own recordings only", async () => {
    const band = await fixture.prepare(
      lines,
      catalogue,
      { start_pay_period: '2026-01', end_pay_period: '2026-02' },
      { artistId: 'A1' },
    );
    // R1 in January: 60 % of 10.00, shared by M1 and M2; R3 (M1's own split) is not the band's.
    expect(await artistPayableOf(band, 'A1')).toEqual({ lines: 1, artist_payable: '6.000000' });
    const solo = await fixture.prepare(lines, catalogue, {}, { artistId: 'A2' });
    expect(await artistPayableOf(solo, 'A2')).toEqual({ lines: 1, artist_payable: '4.000000' });
  });

  it('the periods and lines an artist is paid on, each line with its share', async () => {
    const band = await fixture.prepare(lines, catalogue, {}, { artistId: 'A1', stage: 'weights' });
    expect(await artistPayPeriodsOf(band, 'A1')).toEqual(['2026-03', '2026-01']);
    const page = await artistRoyaltyLinesOf(
      await fixture.prepare(lines, catalogue, {}, { artistId: 'A1' }),
      'A1',
      1,
      1,
    );
    expect(page).toMatchObject({ total_count: 2, total_pages: 2, page: 1, per_page: 1, artist_payable: '9.000000' });
    expect(page.royalties).toEqual([
      expect.objectContaining({
        id: 'IMP1-3',
        pay_period: '2026-03',
        label_payable: '5.000000',
        artist_share: '3.000000',
      }),
    ]);
  });

  it("prepare: a label's recordings with no payee, from the groups alone", async () => {
    const p = await fixture.prepare(lines, catalogue, { label_ids: ['L1'] }, { stage: 'groups' });
    expect(await unaccountableRecordings(p)).toEqual([
      expect.objectContaining({
        recording_id: 'R4',
        title: 'Nobody',
        lines: 1,
        label_payable: '1.000000',
        reason: 'no_payee',
      }),
    ]);
  });
});
