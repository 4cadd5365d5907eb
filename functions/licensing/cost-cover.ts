import Big from 'big.js';
import { artistIdsOf, contractCovering, contractIndex } from '../money/index.js';
import * as store from '../data/access/licenses.js';
import type { LicenseItem } from '../data/entities/license.js';

/**
 * Who bears an incoming licence's cost (its fee and advance, paid to the licensor). The cost is charged to one asset:
 * the first release among the licence's assets, else its first recording. The contract that covers that asset in the
 * month of the payment is chosen by the rule that chooses a sale's contract: the release's own contract, else one of
 * its (or the recording's) artists' contracts, else its label's (the licence's label, else the release's); of several
 * on one subject the one that started last; drafts bind nobody, and the payment's month must fall within the
 * contract's dates. When that contract, in the version in force that month, recoups a part of its costs and has
 * payees, the cost is charged to its payees' accounts at that part, so each of their statements recoups its share.
 * Otherwise (no contract covers the asset, or the one that does recoups no costs) it is the label's own cost.
 */
export type CostRecoupment = {
  contract_id: string;
  /** What the contract is on: the release, artist or label whose contract covers the asset. */
  subject: { type: 'release' | 'artist' | 'label'; id: string };
  /** Whom the contract is with, as the contract names them. */
  contractee: string | null;
  /** The part of the cost recouped, in per cent ("50"). */
  percent: string;
  payees: { payee_id: string; share: string }[];
};

/** The asset an incoming licence's cost is charged to: its first release, else its first recording. */
const costAssetOf = (license: LicenseItem) => {
  const assets = license.assets ?? [];
  return assets.find((a) => a.asset_type === 'release') ?? assets.find((a) => a.asset_type === 'recording');
};

/** How an incoming licence's cost paid on `day` (YYYY-MM-DD) is recouped, or null when it is the label's own. */
export async function costRecoupment(license: LicenseItem, day: string): Promise<CostRecoupment | null> {
  const asset = costAssetOf(license);
  if (!asset) return null;
  const read = await store.costAsset(license.tenantId, asset);
  const artists = artistIdsOf(read.artist_rows);
  const labelId = license.label_id ?? read.label_id;
  const isRelease = asset.asset_type === 'release';
  const subjects = [
    ...(isRelease ? [`release#${asset.asset_id}`] : []),
    ...artists.map((artist) => `artist#${artist}`),
    ...(labelId ? [`label#${labelId}`] : []),
  ];
  const index = contractIndex(
    await store.contractsOn(license.tenantId, subjects),
    new Map(isRelease ? [] : [[asset.asset_id, artists]]),
    new Map(isRelease ? [[asset.asset_id, artists]] : []),
  );
  const covering = contractCovering(
    index,
    {
      recording_id: isRelease ? null : asset.asset_id,
      release_id: isRelease ? asset.asset_id : null,
      label_id: labelId,
    },
    day.slice(0, 7),
  );
  if (!covering) return null;
  const percent = covering.version.royalty_terms.recoupable_costs_percent;
  const payees = covering.version.contract_payees;
  if (!percent || new Big(percent).lte(0) || !payees.length) return null;
  return {
    contract_id: covering.contract.id,
    subject: { type: covering.contract.contractable_type, id: covering.contract.contractable_id },
    contractee: covering.contract.contractee_legal_name ?? null,
    percent: new Big(percent).toString(),
    payees: payees.map((p) => ({ payee_id: p.payee_id, share: String(p.share) })),
  };
}
