/**
 * bench:statements --contracts: every payee under a contract. One signed contract per release of the
 * bench catalogue (a release's contract covers its tracks' lines), whose payees are the payees of
 * its tracks in equal shares, with three terms (streaming in GB, streaming, everything else), a
 * reserve on physical sales and an escalation the quarter's sales cross half-way, so the run pays
 * the escalated rate and splits the lines that cross it. The bench pairs payees by release
 * (seedCatalogue's `pairsByRelease`), so a contract pays the same two payees its tracks do and the run
 * under contracts writes as many account lines as the run without: the difference is what contracts cost.
 * (Over a catalogue whose ten tracks have ten different pairs, each contract paid eleven payees and every
 * line was split eleven ways: 5.5 times the lines to write.)
 */
import { ulid } from 'ulid';
import type { RoyaltyTerms } from '../../shared/schemas/contracts.js';

const TERMS: RoyaltyTerms['terms'] = [
  { conditions: { channel: 'streaming', territories_in: ['GB'] }, rate: '30', base: 'net_receipts' },
  { conditions: { channel: 'streaming' }, rate: '25', base: 'net_receipts' },
  { conditions: {}, rate: '20', base: 'net_receipts' },
];

/** Equal shares in ten-thousandths of a percent that add up to exactly 100 % (the first takes what is left over). */
function equalShares(count: number): string[] {
  const each = Math.floor(1_000_000 / count);
  return Array.from({ length: count }, (_, i) =>
    ((i === 0 ? 1_000_000 - each * (count - 1) : each) / 10_000).toFixed(4),
  );
}

export async function seedContracts(
  companyId: string,
  releases: { id: string; payee_ids: string[] }[],
  { start, unitsToEscalate }: { start: string; unitsToEscalate: number },
): Promise<number> {
  const { createContract } = await import('../../functions/data/access/contracts.js');
  for (const [r, release] of releases.entries()) {
    const payees = release.payee_ids;
    const shares = equalShares(payees.length);
    const contract_payees = payees.map((payee_id, i) => ({ payee_id, share: String(shares[i]) }));
    const royalty_terms: RoyaltyTerms = {
      deal_type: 'royalty',
      terms: TERMS,
      packaging_deductions: {},
      reserve: { percent: '20', release_periods: 4 },
      escalations: [{ threshold_units: unitsToEscalate, rate: '35', term: 2 }],
    };
    await createContract(companyId, ulid(), {
      contractable_type: 'release',
      contractable_id: release.id,
      subject: `release#${release.id}`,
      type: 'artist_release_contract',
      status: 'signed',
      contractor_id: companyId,
      contractor_legal_name: 'Bench Records Ltd',
      contractee_type: 'payee',
      contractee_id: String(payees[0]),
      contractee_legal_name: `Bench Album ${r} Artists`,
      start_date: start,
      metadata: {},
      contract_payees,
      royalty_terms,
      version: 1,
      versions: [{ version: 1, effective_date: start, royalty_terms, contract_payees }],
    });
  }
  return releases.length;
}
