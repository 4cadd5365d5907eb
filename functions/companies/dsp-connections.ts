import { ulid } from 'ulid';
import type { DspConnectionStatus } from '../../shared/distribution.js';
import { getCompany, listCompanyNames } from '../data/access/companies.js';
import * as store from '../data/access/distribution.js';
import type { DspConnectionItem } from '../data/entities/distribution.js';
import { Conflict, InvalidField, NotFound } from '../lib/errors.js';
import { appLink } from '../lib/mail.js';
import { tellCompanyMembers } from '../notices/tell-company.js';

/**
 * A company's links to stores (dsp_connections, requested_dsps):
 * a company asks for a store, an admin sets it up (pending) and connects it, or declines it. A
 * company delivers only to stores it is connected to.
 */

/** Whether the company may deliver to the store: its link to it is `connected`. */
export async function companyDspConnected(tenantId: string, dspId: string): Promise<boolean> {
  return (await store.getDspConnection(tenantId, dspId))?.status === 'connected';
}

/** A connection as the API answers it: with the company's and the store's names. */
export type DspConnectionView = {
  id: string;
  company_id: string;
  company_name: string;
  dsp_id: string;
  dsp_name: string;
  dsp: { id: string; name: string };
  status: DspConnectionStatus;
  note: string | null;
  requested_at: string | null;
  connected_at: string | null;
  updated_at: string | null;
};

async function present(items: readonly DspConnectionItem[]): Promise<DspConnectionView[]> {
  const [dsps, companies] = await Promise.all([
    store.dspNames(items.map((c) => c.dspId)),
    items.length ? listCompanyNames() : Promise.resolve([]),
  ]);
  const companyName = new Map(companies.map((c) => [c.companyId, c.name]));
  return items
    .map((c) => {
      const dspName = dsps.get(c.dspId) ?? '';
      return {
        id: c.id,
        company_id: c.tenantId,
        company_name: companyName.get(c.tenantId) ?? '',
        dsp_id: c.dspId,
        dsp_name: dspName,
        dsp: { id: c.dspId, name: dspName },
        status: c.status,
        note: c.note ?? null,
        requested_at: c.requested_at ?? null,
        connected_at: c.connected_at ?? null,
        updated_at: c.updatedAt ?? null,
      };
    })
    .sort((a, b) => a.company_name.localeCompare(b.company_name) || a.dsp_name.localeCompare(b.dsp_name));
}

const answer = (list: DspConnectionView[]) => ({ dsp_connections: list, total_count: list.length });

async function requireDsp(dspId: string): Promise<void> {
  if (!(await store.dspNames([dspId])).has(dspId)) throw new InvalidField('dsp_id', 'DSP not found');
}

async function requireCompany(companyId: string): Promise<void> {
  if (!(await getCompany(companyId))) throw new NotFound('Company');
}

/** One company's links to stores, every status. */
export async function listCompanyConnections(companyId: string) {
  return answer(await present(await store.companyDspConnections(companyId)));
}

/**
 * Every company's links with the given statuses (the admin's connections page shows connected
 * and pending apart; its connection requests page shows what companies asked for).
 */
export async function listAllConnections(statuses: readonly DspConnectionStatus[]) {
  const all = await store.allDspConnections();
  return answer(await present(all.filter((c) => statuses.includes(c.status))));
}

/** A company asks for a store: a request an admin answers. Refused while a link to it is open. */
export async function requestDsp(tenantId: string, dspId: string, userId: string, note?: string) {
  await requireDsp(dspId);
  const existing = await store.getDspConnection(tenantId, dspId);
  const now = new Date().toISOString();
  if (existing && !['declined', 'disconnected'].includes(existing.status))
    throw new Conflict(`This DSP is already ${existing.status}`, {
      dsp_id: [`This DSP is already ${existing.status}`],
    });
  if (existing) {
    await store.updateDspConnection(
      { tenantId, dspId },
      // Asked again after a refusal: the request is the new one's.
      { status: 'requested', requested_by: userId, requested_at: now, ...(note !== undefined ? { note } : {}) },
    );
  } else {
    const created = await store.createDspConnection({
      tenantId,
      dspId,
      id: ulid(),
      status: 'requested',
      requested_by: userId,
      requested_at: now,
      ...(note ? { note } : {}),
    });
    if (!created)
      throw new Conflict('This DSP was requested meanwhile', { dsp_id: ['This DSP was requested meanwhile'] });
  }
  const [view] = await present([await loadOwn(tenantId, dspId)]);
  return { dsp_connection: view, message: 'DSP Requested' };
}

async function loadOwn(tenantId: string, dspId: string): Promise<DspConnectionItem> {
  const found = await store.getDspConnection(tenantId, dspId);
  if (!found) throw new NotFound('DSP connection');
  return found;
}

/** An admin links a company to a store (pending or connected), or changes the link it has. */
export async function setCompanyConnection(
  companyId: string,
  input: { dsp_id: string; status: DspConnectionStatus; note?: string },
  userId: string,
) {
  await requireCompany(companyId);
  await requireDsp(input.dsp_id);
  const existing = await store.getDspConnection(companyId, input.dsp_id);
  if (existing) return updateConnection(existing, input, userId);
  const now = new Date().toISOString();
  const created = await store.createDspConnection({
    tenantId: companyId,
    dspId: input.dsp_id,
    id: ulid(),
    status: input.status,
    requested_by: userId,
    requested_at: now,
    ...(input.status === 'connected' ? { connected_by: userId, connected_at: now } : {}),
    ...(input.note ? { note: input.note } : {}),
  });
  if (!created) return updateConnection(await loadOwn(companyId, input.dsp_id), input, userId);
  const [view] = await present([await loadOwn(companyId, input.dsp_id)]);
  await tellAnswer(view, undefined);
  return { dsp_connection: view, message: 'DSP Connection Added' };
}

/** PATCH dsp_connections/{id}: an admin connects, declines or disconnects a company's link. */
export async function updateConnectionById(
  id: string,
  input: { status?: DspConnectionStatus; note?: string },
  userId: string,
) {
  const found = await store.findDspConnection(id);
  if (!found) throw new NotFound('DSP connection');
  return updateConnection(found, input, userId);
}

async function updateConnection(
  existing: DspConnectionItem,
  input: { status?: DspConnectionStatus; note?: string },
  userId: string,
) {
  const status = input.status ?? existing.status;
  const connecting = status === 'connected' && existing.status !== 'connected';
  await store.updateDspConnection(
    { tenantId: existing.tenantId, dspId: existing.dspId },
    {
      status,
      ...(input.note !== undefined ? { note: input.note } : {}),
      ...(connecting ? { connected_by: userId, connected_at: new Date().toISOString() } : {}),
    },
  );
  const [view] = await present([await loadOwn(existing.tenantId, existing.dspId)]);
  await tellAnswer(view, existing.status);
  return { dsp_connection: view, message: 'DSP Connection Updated' };
}

/**
 * The company hears the answer to its request where it waits for it (inbox, mail, open tabs): a store
 * connected (it can deliver there now) or declined (with the admin's note). Only when the status changed to
 * one of these, so saving a note again tells nobody twice.
 */
async function tellAnswer(view: DspConnectionView, was: DspConnectionStatus | undefined): Promise<void> {
  if (view.status === was || (view.status !== 'connected' && view.status !== 'declined')) return;
  const link = appLink(`/user/companies/${view.company_id}/distribution/dsps`);
  const words =
    view.status === 'connected'
      ? {
          subject: `Connected to ${view.dsp_name}`,
          text: `Your company is now connected to ${view.dsp_name}: you can deliver releases that passed quality control to it from a release's Distribution tab.\n\n${link}`,
        }
      : {
          subject: `Connection to ${view.dsp_name} declined`,
          text: `Your request to connect to ${view.dsp_name} was declined.${view.note ? `\n\n${view.note}` : ''}\n\n${link}`,
        };
  await tellCompanyMembers({
    tenantId: view.company_id,
    permission: 'delivery.write',
    ...words,
    about: { dspId: view.dsp_id },
  });
}
