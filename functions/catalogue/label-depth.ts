import { ulid } from 'ulid';
import { GUIDE_CONTENT_TYPES } from '../../shared/constants.js';
import type { LabelInput } from '../../shared/schemas/label.js';
import { checkLinks, withLinks, type Link } from '../reference/record-links.js';
import { presignDownload, uploadedObject } from '../uploads/presign.js';

/**
 * A label's contract file and its distribution and fulfilment agreements (spec 2 §3 Label;
 * issue 17). The contract is uploaded like the logo (a presigned PUT, then `contract_key` on
 * save); agreements are rows that keep their ids across saves.
 */

/** Contracts are documents (PDF, Word, spreadsheets …) of at most 25 MiB, like DSP guides. */
export const CONTRACT_CONTENT_TYPES = GUIDE_CONTENT_TYPES;
export const MAX_CONTRACT_BYTES = 25 * 1024 * 1024;

/** Where a label's contract objects live: the tenant and label are part of the key. */
export const contractPrefix = (tenantId: string, labelId: string) => `contracts/${tenantId}/labels/${labelId}/`;

const DISTRIBUTOR: Link = { field: 'distributor_id', to: 'distributors', as: 'distributor' };

type StoredFile = { key?: string; content_type?: string; size?: number; filename?: string };
type Agreement = Record<string, unknown> & { id?: string };

/** A saved agreement keeps its id; a new one gets one, so the form can name it on the next save. */
const withIds = (rows: readonly Agreement[]) => rows.map((row) => ({ ...row, id: row.id || ulid() }));

/**
 * The stored form of a label write's contract and agreements: the contract key resolved to the
 * uploaded object (under this label's prefix), each distributor checked to exist. Runs before
 * any write, so a refused field saves nothing.
 */
export async function labelDepthFields(
  tenantId: string,
  labelId: string,
  input: Pick<LabelInput, 'contract_key' | 'distribution_agreements' | 'fulfilment_agreements'>,
): Promise<{ changes: Record<string, unknown>; removeContract: boolean }> {
  const changes: Record<string, unknown> = {};
  const { contract_key: key, distribution_agreements: distribution, fulfilment_agreements: fulfilment } = input;
  if (distribution) {
    for (const [index, row] of distribution.entries())
      await checkLinks([DISTRIBUTOR], row, `distribution_agreements.${index}.`);
    changes.distribution_agreements = withIds(distribution);
  }
  if (fulfilment) changes.fulfilment_agreements = withIds(fulfilment);
  if (typeof key === 'string')
    changes.contract = await uploadedObject(contractPrefix(tenantId, labelId), key, 'contract_key');
  return { changes, removeContract: key === null };
}

/** The contract as the API answers it (a short-lived download URL) and each agreement's distributor named. */
export async function presentLabelDepth(item: {
  contract?: StoredFile;
  distribution_agreements?: Agreement[];
  fulfilment_agreements?: Agreement[];
}) {
  const contract = item.contract?.key
    ? {
        url: await presignDownload(item.contract.key, item.contract.content_type),
        content_type: item.contract.content_type,
        size: item.contract.size,
        filename: item.contract.filename,
      }
    : null;
  const distribution = await Promise.all(
    (item.distribution_agreements ?? []).map((row) => withLinks([DISTRIBUTOR], row)),
  );
  return {
    contract,
    distribution_agreements: distribution as (Agreement & { distributor_id: string; distributor: null })[],
    fulfilment_agreements: (item.fulfilment_agreements ?? []) as (Agreement & { fulfiller: string })[],
  };
}
