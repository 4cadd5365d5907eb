import { expect } from 'vitest';
import type { inCompany } from './api.js';

type Api = ReturnType<typeof inCompany>;

/**
 * A contract made through the API as the contract form sends it, then signed (it pays from then); answers the
 * contract as its making answered it (its id, its terms as stored).
 */
export async function signedContract(
  api: Api,
  contract: Record<string, unknown>,
): Promise<{ id: string; royalty_terms: unknown }> {
  const made = await api.post('/contracts', contract);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  expect((await api.patch(`/contracts/${made.body.contract.id}`, { status: 'signed' })).status).toBe(200);
  return made.body.contract;
}

/**
 * An artist earning under a signed artist contract with an advance, through the API: the artist, a payee paid 100 %
 * of the contract and a recording of the artist (ISRC `isrc`). The deal: 50 % of net receipts, a £1,000.00 advance to
 * recoup, 20 % of physical royalties held in reserve and released over the next 2 statements. `name` and `stamp`
 * word the artist, payee and recording; the contract is with `contractee` from `contractor`, from `start_date`.
 */
export async function contractWithAdvance(
  api: Api,
  deal: { name: string; stamp: number; isrc: string; contractee: string; contractor: string; start_date: string },
): Promise<{ artistId: string; payeeId: string; contractId: string }> {
  const artistId = (await api.post('/artists', { name: `${deal.name} Artist ${deal.stamp}` })).body.artist.id as string;
  const payeeId = (await api.post('/payees', { name: `${deal.name} Payee ${deal.stamp}` })).body.payee.id as string;
  const recording = await api.post('/recordings', {
    title: `${deal.name} Song ${deal.stamp}`,
    isrc: deal.isrc,
    artist_recordings_attributes: [{ artist_id: artistId, payee_share: 100, digital_royalty_share: 100 }],
  });
  expect(recording.status, JSON.stringify(recording.body)).toBe(201);
  const { id: contractId } = await signedContract(api, {
    contractable_type: 'artist',
    contractable_id: artistId,
    type: 'artist_release_contract',
    contractee_type: 'artist',
    contractee_id: artistId,
    contractee_legal_name: deal.contractee,
    contractor_legal_name: deal.contractor,
    start_date: deal.start_date,
    contract_payees: [{ payee_id: payeeId, share: '100' }],
    royalty_terms: {
      deal_type: 'net_receipts',
      terms: [{ conditions: {}, rate: '50', base: 'net_receipts' }],
      advance: '1000.00',
      reserve: { percent: '20', release_periods: 2 },
    },
  });
  return { artistId, payeeId, contractId };
}
