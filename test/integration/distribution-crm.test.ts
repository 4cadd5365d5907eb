import { beforeAll, describe, expect, it } from 'vitest';
import { storeNotAuthorised, unknownStores } from '../../shared/crm.js';
import { roleRefusal } from '../../shared/permissions.js';
import { call, inCompany } from '../support/api.js';
import { checkableRelease } from '../support/checkable-release.js';
import { type OwnCompany, ownCompany } from '../support/own-company.js';

/**
 * The distributor's CRM through the real API: onboarding a client company, its terms and activity,
 * notes and to-dos, filters and search, its labels and affiliates, tenant isolation between
 * distributors, and the per-store authorisation the delivery rules enforce.
 */
let distributor: OwnCompany;
let rival: OwnCompany;
let admin: string;

const put = (token: string, company: string, path: string, body: object) =>
  call('PUT', `/api/v1${path}`, { token, company, body });

async function onboard(client: Record<string, unknown>) {
  const made = await distributor.api.post('/crm/clients', { client });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.client as Record<string, any>;
}

async function adminStore(name: string) {
  const made = await call('POST', '/api/v1/dsps', { token: admin, body: { name, active: true } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.dsp as { id: string; name: string };
}

beforeAll(async () => {
  distributor = await ownCompany('CRM Distributor');
  rival = await ownCompany('CRM Rival distributor');
  admin = distributor.admin;
});

describe('onboarding a client company', () => {
  it('makes the company and its CRM record with the terms, colour, figures and first activity', async () => {
    const client = await onboard({
      name: `Aurora Sounds ${Date.now()}`,
      email: 'office@aurora.test',
      status: 'onboarding',
      account_manager_id: distributor.manager.id,
      deal_percentage: '15.5',
      contract_start_date: '2026-01-01',
      contract_end_date: '2027-12-31',
      contacts: [{ name: 'Ada Lind', email: 'ada@aurora.test', role: 'Owner' }],
    });
    expect(client).toMatchObject({
      status: 'onboarding',
      status_colour: 'in-progress',
      deal_percentage: '15.50',
      contract_start_date: '2026-01-01',
      account_manager: { id: distributor.manager.id },
      catalogue: { labels: 0, releases: 0, recordings: 0 },
      balance_owed: '0.00',
      last_delivery: null,
      last_statement: null,
    });
    expect(client.contacts[0]).toMatchObject({ name: 'Ada Lind', email: 'ada@aurora.test' });
    expect(client.activity.map((a: { text: string }) => a.text)).toEqual(['Client onboarded as Onboarding']);
    // The balance owed is the admin dashboard's figure for the same company: one code path.
    const dashboard = await call('GET', '/api/v1/admin/dashboard', { token: admin });
    const row = dashboard.body.by_company?.find((c: { id: string }) => c.id === client.id);
    if (row) expect(row.owed).toBe(client.balance_owed);
  });

  it('refuses bad terms with a 400 naming the field, and saves nothing', async () => {
    const name = `Refused client ${Date.now()}`;
    const cases: [Record<string, unknown>, string][] = [
      [{ name, deal_percentage: '120' }, 'client.deal_percentage'],
      [{ name, deal_percentage: 12.345 }, 'client.deal_percentage'],
      [{ name, status: 'sleeping' }, 'client.status'],
      [{ name, contract_start_date: '2026-05-01', contract_end_date: '2026-04-01' }, 'client.contract_end_date'],
      [{ name, account_manager_id: rival.manager.id }, 'client.account_manager_id'],
      [{ name: '' }, 'client.name'],
    ];
    for (const [client, field] of cases) {
      const answer = await distributor.api.post('/crm/clients', { client });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(Object.keys(answer.body.errors ?? {})).toContain(field);
    }
    const list = await distributor.api.get(`/crm?q=${encodeURIComponent(name)}`);
    expect(list.body.clients).toEqual([]);
    // Every deal's one rule, in its words, is what the user reads, not "Invalid input"; an empty deal is still no deal.
    for (const [deal_percentage, deal] of [
      ['120', 'Deal percentage must be under 100'],
      ['abc', 'Deal percentage must be a number'],
      [12.345, 'Deal percentage must have at most 2 decimals'],
      ['-5', 'Deal percentage must be at least 0'],
    ] as const)
      expect((await distributor.api.post('/crm/clients', { client: { name, deal_percentage } })).body).toEqual({
        message: deal,
        errors: { 'client.deal_percentage': [deal] },
      });
    const noDeal = await distributor.api.post('/crm/clients', { client: { name, deal_percentage: '' } });
    expect(noDeal.status, JSON.stringify(noDeal.body)).toBe(201);
    expect(noDeal.body.client.deal_percentage ?? '').toBe('');
    // A client that is not there says so.
    expect((await distributor.api.get('/crm/clients/no-such-client')).body).toEqual({
      message: 'Client company not found',
    });
  });
});

describe('the CRM list', () => {
  it('filters by status and account manager, searches names and contacts, and counts by status', async () => {
    const tag = Date.now();
    const prospect = await onboard({ name: `Prospect ${tag}`, contacts: [{ name: `Zed Quill ${tag}` }] });
    const active = await onboard({
      name: `Active ${tag}`,
      status: 'active',
      account_manager_id: distributor.manager.id,
    });
    const byStatus = await distributor.api.get('/crm?status=active');
    const ids = byStatus.body.clients.map((c: { id: string }) => c.id);
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(prospect.id);
    const byContact = await distributor.api.get(`/crm?q=${encodeURIComponent(`zed quill ${tag}`)}`);
    expect(byContact.body.clients.map((c: { id: string }) => c.id)).toEqual([prospect.id]);
    const byManager = await distributor.api.get(`/crm?account_manager_id=${distributor.manager.id}`);
    expect(byManager.body.clients.map((c: { id: string }) => c.id)).toContain(active.id);
    expect(byManager.body.clients.map((c: { id: string }) => c.id)).not.toContain(prospect.id);
    expect(byStatus.body.by_status.active).toBeGreaterThanOrEqual(1);
    expect(byStatus.body.by_status.prospect).toBeGreaterThanOrEqual(1);
    const bad = await distributor.api.get('/crm?status=sleeping');
    expect(bad.status).toBe(400);
  });
});

describe('keeping a client', () => {
  it('writes every change of status and terms to the activity history, newest first', async () => {
    const client = await onboard({ name: `History ${Date.now()}` });
    const changed = await distributor.api.patch(`/crm/clients/${client.id}`, {
      client: {
        status: 'active',
        deal_percentage: '20',
        account_manager_id: distributor.manager.id,
        contract_start_date: '2026-01-01',
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.message).toBe('Client company updated');
    expect(changed.body.client).toMatchObject({ status: 'active', status_colour: 'success', deal_percentage: '20.00' });
    const texts = changed.body.client.activity.map((a: { text: string }) => a.text);
    expect(texts).toEqual(
      expect.arrayContaining([
        'Status changed from Prospect to Active',
        'Deal percentage set to 20.00%',
        // A day as every page says it, never as stored.
        'Contract start date set to 1st Jan 2026',
        expect.stringMatching(/^Account manager changed to /),
      ]),
    );
    expect(texts.at(-1)).toBe('Client onboarded as Prospect');
  });

  it("sets and shows the client company's own deal, the one the ledger applies, not a copy of it", async () => {
    const companyDeal = async (id: string) =>
      (await call('GET', `/api/v1/admin/companies/${id}`, { token: admin })).body.company.deal_percentage;
    const client = await onboard({ name: `Deal ${Date.now()}`, deal_percentage: '85.5' });
    expect(await companyDeal(client.id)).toBe(85.5);
    const changed = await distributor.api.patch(`/crm/clients/${client.id}`, { client: { deal_percentage: '80' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.client.deal_percentage).toBe('80.00');
    expect(await companyDeal(client.id)).toBe(80);
    // The same deal sent again is no change: no second line in the history.
    await distributor.api.patch(`/crm/clients/${client.id}`, { client: { deal_percentage: '80.00' } });
    // The company's distribution settings change the one deal, and the CRM shows it.
    const settings = await call('PATCH', `/api/v1/admin/companies/${client.id}`, {
      token: admin,
      body: { deal_percentage: 75 },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const page = (await distributor.api.get(`/crm/clients/${client.id}`)).body.client;
    expect(page.deal_percentage).toBe('75.00');
    const listed = (await distributor.api.get(`/crm?q=${encodeURIComponent(client.name)}`)).body.clients;
    expect(listed.map((c: { deal_percentage: string }) => c.deal_percentage)).toEqual(['75.00']);
    // Blank removes it: the client keeps everything.
    const removed = await distributor.api.patch(`/crm/clients/${client.id}`, { client: { deal_percentage: '' } });
    expect(removed.body.client.deal_percentage).toBeNull();
    expect(await companyDeal(client.id)).toBeUndefined();
    expect(removed.body.client.activity.map((a: { text: string }) => a.text)).toEqual([
      'Deal percentage removed',
      'Deal percentage set to 80.00%',
      'Client onboarded as Prospect',
    ]);
  });

  it('keeps notes and to-dos as the label tools do; a task goes to a member of the distributor only', async () => {
    const client = await onboard({ name: `Tools ${Date.now()}` });
    const note = await distributor.api.post(`/crm/clients/${client.id}/notes`, {
      note: { title: 'Kick-off call', content: 'Wants weekly delivery reports', tags: ['call'] },
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const stranger = await distributor.api.post(`/crm/clients/${client.id}/todo_tasks`, {
      todo_task: { body: 'Send the contract', assignee_id: rival.manager.id },
    });
    expect(stranger.status).toBe(400);
    expect(Object.keys(stranger.body.errors)).toContain('todo_task.assignee_id');
    const task = await distributor.api.post(`/crm/clients/${client.id}/todo_tasks`, {
      todo_task: { body: 'Send the contract', assignee_id: distributor.manager.id, due_date: '2026-12-01' },
    });
    expect(task.status, JSON.stringify(task.body)).toBe(201);
    const blank = await distributor.api.post(`/crm/clients/${client.id}/todo_tasks`, { todo_task: { body: ' ' } });
    expect(blank.status).toBe(400);
    const done = await distributor.api.patch(`/crm/clients/${client.id}/todo_tasks/${task.body.todo_task.id}`, {
      todo_task: { done: true },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const page = (await distributor.api.get(`/crm/clients/${client.id}`)).body.client;
    expect(page.notes.map((n: { title: string }) => n.title)).toEqual(['Kick-off call']);
    expect(page.todo_tasks[0]).toMatchObject({ body: 'Send the contract', done: true });
    expect(page.open_tasks).toBe(0);
    expect(page.activity.map((a: { text: string }) => a.text)).toEqual(
      expect.arrayContaining(['Note added: Kick-off call', 'To-do done: Send the contract']),
    );
  });
});

describe('client labels and affiliates', () => {
  it('adds labels and sub-labels, lists them per company and per distributor, and refuses a label as its own parent', async () => {
    const client = await onboard({ name: `Label group ${Date.now()}` });
    const parent = await distributor.api.post(`/crm/clients/${client.id}/labels`, { label: { name: 'North Group' } });
    expect(parent.status, JSON.stringify(parent.body)).toBe(201);
    const child = await distributor.api.post(`/crm/clients/${client.id}/labels`, {
      label: { name: 'North Jazz', parent_label_id: parent.body.label.id },
    });
    expect(child.status, JSON.stringify(child.body)).toBe(201);
    expect(child.body.label).toMatchObject({ parent_label_name: 'North Group', company_id: client.id });
    const ofCompany = await distributor.api.get(`/company_labels?company_id=${client.id}`);
    expect(ofCompany.body.labels.map((l: { name: string }) => l.name)).toEqual(['North Group', 'North Jazz']);
    const ofDistributor = await distributor.api.get(`/distributor_labels?distributor_id=${distributor.companyId}`);
    expect(ofDistributor.body.labels.map((l: { id: string }) => l.id)).toContain(child.body.label.id);
    const detail = await distributor.api.get(`/distribution_labels/${parent.body.label.id}`);
    expect(detail.body.label.affiliates).toEqual([{ id: child.body.label.id, name: 'North Jazz' }]);
    const loop = await distributor.api.patch(`/distribution_labels/${parent.body.label.id}`, {
      label: { parent_label_id: child.body.label.id },
    });
    expect(loop.status).toBe(400);
    expect(Object.keys(loop.body.errors)).toContain('label.parent_label_id');
    const settings = await distributor.api.patch(`/distribution_labels/${child.body.label.id}`, {
      label: { name: 'North Jazz Records', statement_settings: { frequency: 'Quarterly' } },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    expect(settings.body.label).toMatchObject({
      name: 'North Jazz Records',
      statement_settings: { frequency: 'Quarterly' },
    });
    const page = (await distributor.api.get(`/crm?q=${encodeURIComponent(client.name)}`)).body.clients[0];
    expect(page.catalogue.labels).toBe(2);
    const royalties = await distributor.api.get(`/distribution_labels/${child.body.label.id}/royalties`);
    expect(royalties.status, JSON.stringify(royalties.body)).toBe(200);
    expect(royalties.body.royalties).toEqual([]);
  });
});

describe('tenant isolation', () => {
  it('gives another distributor nothing of this one’s clients or labels', async () => {
    const client = await onboard({ name: `Private ${Date.now()}` });
    const label = (await distributor.api.post(`/crm/clients/${client.id}/labels`, { label: { name: 'Secret' } })).body
      .label;
    const other = rival.api;
    expect((await other.get(`/crm/clients/${client.id}`)).status).toBe(404);
    expect((await other.patch(`/crm/clients/${client.id}`, { client: { status: 'ended' } })).status).toBe(404);
    expect((await other.post(`/crm/clients/${client.id}/notes`, { note: { title: 'x' } })).status).toBe(404);
    expect((await other.post(`/crm/clients/${client.id}/labels`, { label: { name: 'x' } })).status).toBe(404);
    expect((await other.get(`/company_labels?company_id=${client.id}`)).status).toBe(404);
    expect((await other.get(`/distributor_labels?distributor_id=${distributor.companyId}`)).status).toBe(404);
    expect((await other.get(`/distribution_labels/${label.id}`)).status).toBe(404);
    expect((await other.get(`/distribution_labels/${label.id}/royalties`)).status).toBe(404);
    expect(
      (await put(rival.manager.token, rival.companyId, `/distribution_labels/${label.id}/stores`, { dsp_ids: [] }))
        .status,
    ).toBe(404);
    const theirs = await other.get('/crm');
    expect(theirs.body.clients.map((c: { id: string }) => c.id)).not.toContain(client.id);
    // The distributor's own members without the company role to manage it do not see the CRM.
    const intern = await distributor.member('intern');
    const refused = await intern.api.get('/crm');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(roleRefusal('intern', 'company.manage'));
  });
});

describe('per-store authorisation', () => {
  it('refuses a delivery to a store the label is not authorised for, naming label and store, at creation and when sent', async () => {
    const client = await onboard({ name: `Deliverer ${Date.now()}`, status: 'active' });
    const label = (await distributor.api.post(`/crm/clients/${client.id}/labels`, { label: { name: 'Harbour Tapes' } }))
      .body.label;
    const [first, second] = [
      await adminStore(`CRM Store A ${Date.now()}`),
      await adminStore(`CRM Store B ${Date.now()}`),
    ];
    for (const store of [first, second]) {
      const connected = await call('POST', `/api/v1/companies/${client.id}/dsp_connections`, {
        token: admin,
        body: { dsp_connection: { dsp_id: store.id, status: 'connected' } },
      });
      expect(connected.status, JSON.stringify(connected.body)).toBeLessThan(300);
    }
    // The client's release (made by a platform admin working in the client company), on the client label.
    const inClient = inCompany(admin, client.id);
    const { release } = await checkableRelease(inClient, admin);
    expect((await inClient.patch(`/releases/${release.id}`, { label_id: label.id })).status).toBe(200);
    expect((await inClient.post(`/releases/${release.id}/quality_control`)).status).toBe(200);
    const approved = await call('PATCH', `/api/v1/admin/releases/${release.id}/update_status`, {
      token: admin,
      body: { status: 'accepted' },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const create = (dspId: string) =>
      inClient.post(`/releases/${release.id}/distribution_deliveries/bulk_create`, {
        release_deliveries: [{ dsp_id: dspId, release_id: release.id, action: 'insert', status: 'created' }],
      });

    const before = await create(first.id);
    expect(before.status).toBe(400);
    expect(before.body.message).toBe(storeNotAuthorised('Harbour Tapes', first.name));
    expect(before.body.errors.dsp_id).toEqual([storeNotAuthorised('Harbour Tapes', first.name)]);

    const authorised = await put(
      distributor.manager.token,
      distributor.companyId,
      `/distribution_labels/${label.id}/stores`,
      {
        dsp_ids: [first.id],
      },
    );
    expect(authorised.status, JSON.stringify(authorised.body)).toBe(200);
    expect(authorised.body.label.stores.map((s: { name: string }) => s.name)).toEqual([first.name]);
    const made = await create(first.id);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const other = await create(second.id);
    expect(other.status).toBe(400);
    expect(other.body.message).toBe(storeNotAuthorised('Harbour Tapes', second.name));

    // Taken away again: the delivery already made is refused when it is sent.
    await put(distributor.manager.token, distributor.companyId, `/distribution_labels/${label.id}/stores`, {
      dsp_ids: [],
    });
    const sent = await inClient.post('/distribution_deliveries/bulk_deliver', {
      ids: [made.body.release_deliveries[0].id],
    });
    expect(sent.status).toBe(400);
    expect(sent.body.message).toBe(storeNotAuthorised('Harbour Tapes', first.name));

    const unknown = await put(
      distributor.manager.token,
      distributor.companyId,
      `/distribution_labels/${label.id}/stores`,
      {
        dsp_ids: ['no-such-store'],
      },
    );
    // The refusal names the field in words, never the id that was sent.
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ message: unknownStores(1), errors: { dsp_ids: [unknownStores(1)] } });
    expect(JSON.stringify(unknown.body)).not.toContain('no-such-store');
    const page = (await distributor.api.get(`/crm/clients/${client.id}`)).body.client;
    expect(page.activity.map((a: { text: string }) => a.text)).toEqual(
      expect.arrayContaining([`Harbour Tapes may deliver to ${first.name}`, 'Harbour Tapes may deliver to no store']),
    );
  });
});
