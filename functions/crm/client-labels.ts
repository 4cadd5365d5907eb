import type { z } from 'zod';
import type { clientLabelCreate, clientLabelUpdate } from '../../shared/schemas/crm.js';
import { unknownStores } from '../../shared/crm.js';
import { createLabel, getLabel as labelView, updateLabel } from '../catalogue/labels.js';
import { catalogueStore } from '../data/access/catalogue.js';
import { getCompanies } from '../data/access/companies.js';
import { crmClientsOf, crmLabelsOf, getCrmLabel, putCrmLabel } from '../data/access/crm.js';
import { getDsps, listTenantDeliveries } from '../data/access/deliveries.js';
import { findLabelAnyTenant, getLabel, labelsOf } from '../data/access/labels.js';
import type { Caller } from '../lib/auth-context.js';
import { BadRequest, InvalidField, NotFound } from '../lib/errors.js';
import { changeClient, clientOf } from './clients.js';

/**
 * The client labels a distributor runs: each client company's labels, their affiliates (labels
 * under a parent label), their statement settings, and the stores each may deliver to. A label of a
 * company that is not the distributor's client is not found.
 */

export type ClientLabelRow = {
  id: string;
  name: string;
  company_id: string;
  company_name: string;
  active: boolean;
  parent_label_id: string | null;
  parent_label_name: string | null;
  stores: { id: string; name: string }[];
};

/** The labels of these client companies with their parents and authorised stores, by name. */
async function labelRows(companyIds: readonly string[]): Promise<ClientLabelRow[]> {
  const companies = new Map((await getCompanies(companyIds)).map((c) => [c.companyId, c.name]));
  const perCompany = await Promise.all(
    companyIds.map(async (companyId) => ({ labels: await labelsOf(companyId), crm: await crmLabelsOf(companyId) })),
  );
  const dspIds = [...new Set(perCompany.flatMap((c) => c.crm.flatMap((l) => l.dsp_ids ?? [])))];
  const dspNames = new Map((await getDsps(dspIds)).map((d) => [d.id, d.name]));
  return perCompany
    .flatMap(({ labels, crm }) => {
      const names = new Map(labels.map((l) => [l.labelId, l.name]));
      const kept = new Map(crm.map((c) => [c.labelId, c]));
      return labels.map((label) => {
        const row = kept.get(label.labelId);
        const parent = row?.parent_label_id ?? null;
        return {
          id: label.labelId,
          name: label.name,
          company_id: label.tenantId,
          company_name: companies.get(label.tenantId) ?? '',
          active: label.active ?? true,
          parent_label_id: parent,
          parent_label_name: parent ? (names.get(parent) ?? null) : null,
          stores: (row?.dsp_ids ?? [])
            .map((id) => ({ id, name: dspNames.get(id) ?? '' }))
            .sort((a, b) => a.name.localeCompare(b.name)),
        };
      });
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** GET company_labels?company_id: one client company's labels. */
export async function companyLabels(distributorId: string, companyId: string) {
  await clientOf(distributorId, companyId);
  const labels = await labelRows([companyId]);
  return { labels, total_count: labels.length };
}

/** GET distributor_labels?distributor_id: every client's labels; the distributor is the caller's own company. */
export async function distributorLabels(distributorId: string, asked: string) {
  if (asked !== distributorId) throw new NotFound('Distributor');
  const clients = await crmClientsOf(distributorId);
  const labels = await labelRows(clients.map((c) => c.companyId));
  return { labels, total_count: labels.length };
}

/** A client label: the label and the client company holding it, or 404 for anyone else's. */
async function clientLabel(distributorId: string, labelId: string) {
  const label = await findLabelAnyTenant(labelId);
  if (!label) throw new NotFound('Label');
  const client = await clientOf(distributorId, label.tenantId).catch(() => {
    throw new NotFound('Label');
  });
  return { label, client };
}

/** A parent must be another label of the same company, and not one of this label's own affiliates. */
async function checkParent(companyId: string, labelId: string | null, parentId: string | null | undefined) {
  if (!parentId) return;
  if (parentId === labelId) throw new InvalidField('label.parent_label_id', 'A label cannot be its own parent label');
  if (!(await getLabel(companyId, parentId)))
    throw new InvalidField('label.parent_label_id', 'Parent label must be a label of the same client company');
  if (labelId && (await getCrmLabel(companyId, parentId))?.parent_label_id === labelId)
    throw new InvalidField('label.parent_label_id', 'Parent label is an affiliate of this label');
}

/** POST /crm/clients/{id}/labels: a label for the client, distributed through the distributor. */
export async function createClientLabel(
  caller: Caller,
  distributorId: string,
  companyId: string,
  input: z.infer<typeof clientLabelCreate>['label'],
) {
  await clientOf(distributorId, companyId);
  await checkParent(companyId, null, input.parent_label_id);
  const label = await createLabel(companyId, { name: input.name, distributed: true });
  await putCrmLabel(
    { companyId, labelId: label.id, distributorId },
    { dsp_ids: [], parent_label_id: input.parent_label_id ?? null, updated_by: caller.user.userId },
  );
  await changeClient(caller, distributorId, companyId, async () => ({
    changes: {},
    lines: [`Label added: ${label.name}`],
    result: undefined,
  }));
  return (await labelRows([companyId])).find((row) => row.id === label.id);
}

/** GET /distribution_labels/{id}: the label with its catalogue, deliveries, affiliates and stores. */
export async function clientLabelDetail(distributorId: string, labelId: string) {
  const { label } = await clientLabel(distributorId, labelId);
  const companyId = label.tenantId;
  const [view, rows, releases, deliveries] = await Promise.all([
    labelView(companyId, labelId),
    labelRows([companyId]),
    catalogueStore('Release').listTenant(companyId),
    listTenantDeliveries(companyId),
  ]);
  const own = rows.find((r) => r.id === labelId) as ClientLabelRow;
  const catalogue = releases
    .filter((r) => r.label_id === labelId)
    .map((r) => ({
      id: String(r.id),
      title: String(r.title ?? ''),
      status: String(r.status ?? 'drafted'),
      upc: r.upc ? String(r.upc) : null,
    }))
    .sort((a, b) => a.title.localeCompare(b.title));
  const titles = new Map(catalogue.map((r) => [r.id, r.title]));
  const storeNames = new Map((await getDsps([...new Set(deliveries.map((d) => d.dsp_id))])).map((d) => [d.id, d.name]));
  return {
    label: {
      ...own,
      statement_settings: view.statement_settings ?? {},
      affiliates: rows.filter((r) => r.parent_label_id === labelId).map(({ id, name }) => ({ id, name })),
      catalogue,
      deliveries: deliveries
        .filter((d) => titles.has(d.release_id))
        .map((d) => ({
          id: d.id,
          release_id: d.release_id,
          release_title: titles.get(d.release_id) ?? '',
          store: storeNames.get(d.dsp_id) ?? '',
          status: d.status,
          at: d.delivered_at ?? d.updatedAt ?? '',
        }))
        .sort((a, b) => b.at.localeCompare(a.at)),
    },
  };
}

/** PATCH /distribution_labels/{id}: name and statement settings through the catalogue, the parent here. */
export async function updateClientLabel(
  caller: Caller,
  distributorId: string,
  labelId: string,
  input: z.infer<typeof clientLabelUpdate>['label'],
) {
  const { label } = await clientLabel(distributorId, labelId);
  const companyId = label.tenantId;
  await checkParent(companyId, labelId, input.parent_label_id);
  const { parent_label_id: parent, ...fields } = input;
  if (Object.keys(fields).length) await updateLabel(companyId, labelId, fields);
  if (parent !== undefined)
    await putCrmLabel(
      { companyId, labelId, distributorId },
      { parent_label_id: parent || null, updated_by: caller.user.userId },
    );
  return clientLabelDetail(distributorId, labelId);
}

/**
 * PUT /distribution_labels/{id}/stores: the whole list of stores the label may deliver to. Every
 * store must exist; the change is a line of the client's activity.
 */
export async function setLabelStores(caller: Caller, distributorId: string, labelId: string, dspIds: string[]) {
  const { label } = await clientLabel(distributorId, labelId);
  const wanted = [...new Set(dspIds)];
  const found = new Map((await getDsps(wanted)).map((d) => [d.id, d.name]));
  const unknown = wanted.filter((id) => !found.has(id));
  if (unknown.length) {
    const message = unknownStores(unknown.length);
    throw new BadRequest(message, { dsp_ids: [message] });
  }
  await putCrmLabel(
    { companyId: label.tenantId, labelId, distributorId },
    { dsp_ids: wanted, updated_by: caller.user.userId },
  );
  const names = wanted.map((id) => found.get(id) as string).sort((a, b) => a.localeCompare(b));
  await changeClient(caller, distributorId, label.tenantId, async () => ({
    changes: {},
    lines: [
      names.length ? `${label.name} may deliver to ${names.join(', ')}` : `${label.name} may deliver to no store`,
    ],
    result: undefined,
  }));
  return clientLabelDetail(distributorId, labelId);
}

/** The client company a distributor's label belongs to (the royalties list reads in it). */
export async function clientCompanyOfLabel(distributorId: string, labelId: string): Promise<string> {
  return (await clientLabel(distributorId, labelId)).label.tenantId;
}
