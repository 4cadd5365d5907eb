import { ulid } from 'ulid';
import { GUIDE_CONTENT_TYPES } from '../../shared/constants.js';
import type { LabelInput } from '../../shared/schemas/label.js';
import { BadRequest, type FieldErrors } from '../lib/errors.js';
import { referenceResource, referenceRows } from '../reference/reference-lists.js';
import { presignDownload, uploadedObject } from '../uploads/presign.js';

/**
 * A label's contract file and its distribution and fulfilment agreements.
 * The contract is uploaded like the logo (a presigned PUT, then `contract_key` on
 * save); agreements are rows that keep their ids across saves.
 */

/** Contracts are documents (PDF, Word, spreadsheets …) of at most 25 MiB, like DSP guides. */
export const CONTRACT_CONTENT_TYPES = GUIDE_CONTENT_TYPES;
export const MAX_CONTRACT_BYTES = 25 * 1024 * 1024;

/**
 * A signed copy of a contract or a licence: a contract's file, or a scan or photo of the signed paper, which is how
 * most come back from the other party.
 */
export const SIGNED_COPY_CONTENT_TYPES = [...CONTRACT_CONTENT_TYPES, 'image/jpeg', 'image/png'] as const;
/** Said of a file of another type in the words of its kinds, never as the MIME types stored. */
export const SIGNED_COPY_TYPE_REFUSAL = 'Signed copy must be a PDF, Word, Excel, text, CSV, ZIP, JPEG or PNG file';

/** Where a label's contract objects live: the tenant and label are part of the key. */
export const contractPrefix = (tenantId: string, labelId: string) => `contracts/${tenantId}/labels/${labelId}/`;

/**
 * The distributors reference list by id. Read here, not through record-links (which reads the
 * labels module, which reads this one): the same check, without an import cycle.
 */
async function distributorNames(forCheck: boolean): Promise<Map<string, string>> {
  const resource = referenceResource('distributors');
  if (!resource) throw new Error('distributors is not a reference collection');
  const rows = await referenceRows(resource, !forCheck);
  return new Map(rows.map((row) => [row.id, String((row as Record<string, unknown>).name ?? '')]));
}

const NOT_FOUND = 'Distributor not found';

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
    const names = await distributorNames(true);
    const errors: FieldErrors = {};
    for (const [index, row] of distribution.entries())
      if (!names.has(row.distributor_id)) errors[`distribution_agreements.${index}.distributor_id`] = [NOT_FOUND];
    if (Object.keys(errors).length) throw new BadRequest(NOT_FOUND, errors);
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
        url: await presignDownload(item.contract.key, item.contract.content_type, item.contract.filename),
        content_type: item.contract.content_type,
        size: item.contract.size,
        filename: item.contract.filename,
      }
    : null;
  const names = item.distribution_agreements?.length ? await distributorNames(false) : new Map<string, string>();
  const distribution = (item.distribution_agreements ?? []).map((row) => {
    const id = String(row.distributor_id ?? '');
    const name = names.get(id);
    return { ...row, distributor: name === undefined ? null : { id, name } };
  });
  return {
    contract,
    distribution_agreements: distribution as (Agreement & {
      distributor_id: string;
      distributor: { id: string; name: string } | null;
    })[],
    fulfilment_agreements: (item.fulfilment_agreements ?? []) as (Agreement & { fulfiller: string })[],
  };
}
