import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call, inCompany } from '../support/api.js';
import { answerChecker, type ApiDocument, servedDocument } from '../support/declared-answers.js';
import { deliverableRelease } from '../support/deliverable-release.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { importReport, storeMap } from '../support/royalty-report.js';
import { until } from '../support/wait.js';

/**
 * The distribution pages against the answers the OpenAPI document declares: a company's stores and distributors,
 * its UPC pool, a release's deliveries and the company's, the distribution area's delivery records, the
 * distributor's CRM and client labels, and the admin's distributed labels and their statements. Every call is on
 * records this file makes (the Demo DSP is the platform's own store).
 */
let document: ApiDocument;
let world: OwnCompany;
let member: ReturnType<typeof answerChecker>;
let admin: ReturnType<typeof answerChecker>;
let demoDsp: { id: string; name: string };
const run = String(Date.now()).slice(-6);

/** A UPC-A with its check digit: eleven random digits, then the digit that makes the code valid. */
function randomUpc(): string {
  const digits = Array.from({ length: 11 }, () => Math.floor(Math.random() * 10));
  const sum = digits.reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
  return [...digits, (10 - (sum % 10)) % 10].join('');
}

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  document = await servedDocument();
  world = await ownCompany('Distribution answers', { distributed: true });
  member = answerChecker(document, world.manager.token, world.companyId);
  admin = answerChecker(document, world.admin);
  const found = await call('GET', '/api/v1/dsps?q=Demo%20DSP', { token: world.manager.token });
  demoDsp = found.body.dsps.find((d: { name: string }) => d.name === 'Demo DSP');
  expect(demoDsp).toBeDefined();
}, 120_000);

describe('a company’s stores, distributors and UPCs answer what the document declares', () => {
  it('the admin connects a store; the company asks for another; both sides’ lists', async () => {
    const params = { id: world.companyId };
    const connected = await admin('POST', '/companies/{id}/dsp_connections', {
      params,
      body: { dsp_connection: { dsp_id: demoDsp.id, status: 'connected' } },
      status: 201,
    });
    await admin('PATCH', '/dsp_connections/{id}', {
      params: { id: connected.body.dsp_connection.id },
      body: { dsp_connection: { note: 'Connected for the answers' } },
    });
    const stores = await call('GET', '/api/v1/dsps?per_page=5', { token: world.manager.token });
    const other = stores.body.dsps.find((d: { id: string }) => d.id !== demoDsp.id);
    await member('POST', '/company/dsp_connections', { body: { dsp_id: other.id }, status: 201 });
    await member('GET', '/company/dsp_connections', { rows: 'dsp_connections' });
    await admin('GET', '/companies/{id}/dsp_connections', { params, rows: 'dsp_connections' });
    await admin('GET', '/dsp_connections', { query: 'status=connected', rows: 'dsp_connections' });
    await admin('GET', '/requested_dsps', { rows: 'dsp_connections' });
  });

  it('the admin links a distributor with its contract; the company reads its distributors', async () => {
    const params = { id: world.companyId };
    const distributor = await call('POST', '/api/v1/distributors', {
      token: world.admin,
      body: { name: `Answer Distributor ${run}`, active: false },
    });
    expect(distributor.status, JSON.stringify(distributor.body)).toBe(201);
    const contract = { filename: 'deal.pdf', content_type: 'application/pdf', size: 1000 };
    await admin('POST', '/companies/{id}/distributors/uploads', { params, body: contract });
    await admin('POST', '/companies/{id}/distributors', {
      params,
      body: {
        company_distributor: {
          distributor_id: distributor.body.distributor.id,
          contract_start_date: '2026-01-01',
          contract_end_date: '2027-12-31',
        },
      },
    });
    await member('GET', '/company/distributors', { rows: 'company_distributors' });
    await admin('GET', '/companies/{id}/distribution', { params });
  });

  it('the UPC pool: import, list, the admin’s list, link to a release', async () => {
    await member('POST', '/distribution_upcs/import', { body: { upcs: [randomUpc(), randomUpc()] }, status: 201 });
    await member('GET', '/distribution_upcs', { rows: 'distribution_upcs' });
    await admin('GET', '/admin/upcs', { query: `company=${world.companyId}`, rows: 'distribution_upcs' });
    const release = await world.api.post('/releases', { title: `UPC Answer ${run}` });
    await member('POST', '/distribution_upcs/link_to_release', { body: { release_id: release.body.release.id } });
  });
});

describe('deliveries answer what the document declares', () => {
  it('a release’s deliveries made, read, changed and removed; the company’s list; made from its list', async () => {
    const connected = await call('POST', `/api/v1/companies/${world.companyId}/dsp_connections`, {
      token: world.admin,
      body: { dsp_connection: { dsp_id: demoDsp.id, status: 'connected' } },
    });
    expect(connected.status).toBeLessThan(300);
    const { release } = await deliverableRelease(world.api, world.admin, world.companyId);
    const params = { id: release.id as string };
    const rows = [{ dsp_id: demoDsp.id }];
    const made = await member('POST', '/releases/{id}/distribution_deliveries/bulk_create', {
      params,
      body: { release_deliveries: rows },
      status: 201,
    });
    const id = made.body.release_deliveries[0].id as string;
    await member('GET', '/releases/{id}/distribution_deliveries', { params, rows: 'release_deliveries' });
    await member('GET', '/release/deliveries', { query: `id=${release.id}`, rows: 'release_deliveries' });
    await member('GET', '/release_deliveries', { query: `release_id=${release.id}`, rows: 'release_deliveries' });
    await member('PATCH', '/distribution_deliveries/{id}', {
      params: { id },
      body: { release_delivery: { action: 'update' } },
    });
    await member('DELETE', '/distribution_deliveries/{id}', { params: { id } });
    const again = await member('POST', '/release/release_deliveries/bulk_create', {
      body: { id: release.id, release_deliveries: rows },
      status: 201,
    });
    await member('DELETE', '/distribution_deliveries/{id}', { params: { id: again.body.release_deliveries[0].id } });
    const one = await member('POST', '/release_deliveries/new', {
      body: { release_delivery: { release_id: release.id, dsp_id: demoDsp.id } },
      status: 201,
    });
    await member('DELETE', '/distribution_deliveries/{id}', { params: { id: one.body.release_delivery.id } });
    await member('POST', '/release_deliveries/bulk', {
      body: { release_deliveries: [{ release_id: release.id, dsp_id: demoDsp.id }] },
      status: 201,
    });
  });

  it('the distribution area’s delivery records: add, import, list, read, delete', async () => {
    const product = `Answer Record ${run}`;
    const made = await admin('POST', '/deliveries/new', {
      body: { product_name: product, recipient: 'Demo DSP', status: 'delivered' },
      status: 201,
    });
    const id = made.body.delivery.id as string;
    await admin('POST', '/deliveries/import', {
      body: { file: `product_name,recipient,status\nImported ${product},Demo DSP,delivered\n` },
    });
    const listed = await admin('GET', '/deliveries', { query: `q=${encodeURIComponent(product)}`, rows: 'deliveries' });
    await admin('GET', '/deliveries/{id}', { params: { id } });
    for (const row of listed.body.deliveries as { id: string }[])
      await admin('DELETE', '/deliveries/{id}', { params: { id: row.id } });
  });
});

describe('the distributor’s CRM and client labels answer what the document declares', () => {
  it('a client onboarded, listed, read and changed, with a note, a task and a label whose stores are set', async () => {
    const made = await member('POST', '/crm/clients', {
      body: {
        client: {
          name: `Answer Client ${run}`,
          status: 'onboarding',
          account_manager_id: world.manager.id,
          deal_percentage: '15',
          contacts: [{ name: 'Ada Lind', email: 'ada@answer.test' }],
        },
      },
      status: 201,
    });
    const id = made.body.client.id as string;
    await member('GET', '/crm', { rows: 'clients' });
    await member('PATCH', '/crm/clients/{id}', { params: { id }, body: { client: { status: 'active' } } });
    await member('POST', '/crm/clients/{id}/notes', {
      params: { id },
      body: { note: { title: 'Kick-off', content: 'Met the team.', tags: ['call'] } },
      status: 201,
    });
    const task = await member('POST', '/crm/clients/{id}/todo_tasks', {
      params: { id },
      body: { todo_task: { body: 'Send the contract' } },
      status: 201,
    });
    await member('PATCH', '/crm/clients/{id}/todo_tasks/{taskId}', {
      params: { id, taskId: task.body.todo_task.id },
      body: { todo_task: { done: true } },
    });
    await member('GET', '/crm/clients/{id}', { params: { id } });
    const label = await member('POST', '/crm/clients/{id}/labels', {
      params: { id },
      body: { label: { name: `Answer Client Label ${run}` } },
      status: 201,
    });
    const labelId = label.body.label.id as string;
    await member('GET', '/company_labels', { query: `company_id=${id}`, rows: 'labels' });
    await member('GET', '/distributor_labels', { query: `distributor_id=${world.companyId}`, rows: 'labels' });
    await member('GET', '/distribution_labels/{id}', { params: { id: labelId } });
    await member('PATCH', '/distribution_labels/{id}', {
      params: { id: labelId },
      body: { label: { name: `Answer Client Label ${run} Two` } },
    });
    await member('PUT', '/distribution_labels/{id}/stores', {
      params: { id: labelId },
      body: { dsp_ids: [demoDsp.id] },
    });
    // A sales report imported in the client company (an admin works in any company): its line is on the label.
    const client = inCompany(world.admin, id);
    const isrc = `GBCLA${run}0`;
    const recording = await client.post('/recordings', { title: 'Client Answer Track', isrc });
    await client.post('/releases', {
      title: 'Client Answer Single',
      label_id: labelId,
      release_recordings_attributes: [{ recording_id: recording.body.recording.id }],
    });
    await importReport(client, {
      mapName: 'Client answer map',
      map: storeMap(),
      filename: `client-answers-${run}.csv`,
      report: `Store,Period,ISRC,Track,Artist,Units,Net,Currency\nSpotify,2026-02,${isrc},Track,Artist,5,1.75,GBP\n`,
    });
    await member('GET', '/distribution_labels/{id}/royalties', { params: { id: labelId }, rows: 'royalties' });
  });
});

describe('the admin’s distributed labels answer what the document declares', () => {
  it('a distributed label made, listed, read and changed, and its statement generated and listed', async () => {
    const made = await admin('POST', '/admin/distributed_labels', {
      body: { company_id: world.companyId, name: `Answer Distributed ${run}`, deal_percentage: 20 },
      status: 201,
    });
    const id = made.body.distributed_label.id as string;
    await admin('GET', '/admin/distributed_labels', {
      query: `company=${world.companyId}`,
      rows: 'distributed_labels',
    });
    await admin('GET', '/admin/distributed_labels/{id}', { params: { id } });
    await admin('PATCH', '/admin/distributed_labels/{id}', { params: { id }, body: { deal_percentage: 25 } });
    const sale = await world.api.post('/royalties', {
      royalty: {
        pay_period: '2026-04',
        retailer: 'Demo Shop',
        subtotal_payable: '10.00',
        currency: 'GBP',
        label_id: id,
      },
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    await admin('POST', '/admin/distributed_labels/generate_statement', {
      body: { label_id: id, start_pay_period: '2026-04', end_pay_period: '2026-06' },
      status: 201,
    });
    const listPath = `/api/v1/admin/distributed_labels/statements?company=${world.companyId}`;
    await until(async () => {
      const listed = await call('GET', listPath, { token: world.admin });
      return listed.body.statements?.length ? listed : undefined;
    });
    await admin('GET', '/admin/distributed_labels/statements', {
      query: `company=${world.companyId}`,
      rows: 'statements',
    });
    const statements = answerChecker(document, world.manager.token, world.companyId);
    const own = { id: world.companyId };
    await statements('GET', '/companies/{id}/distribution_statements', { params: own, rows: 'statements' });
    await statements('GET', '/labels/{id}/distribution_statements', { params: { id }, rows: 'statements' });
    const listed = await statements('GET', '/label/distribution_statements', {
      query: `label_id=${id}`,
      rows: 'statements',
    });
    // Listed as soon as it is written; its PDF and CSV are made just after (409 "still being made" until then).
    const statementId = listed.body.statements[0].id as string;
    await until(async () => {
      const pdf = await call('GET', `/api/v1/statements/${statementId}/pdf`, {
        token: world.manager.token,
        company: world.companyId,
      });
      return pdf.status === 409 ? undefined : pdf;
    });
    await statements('GET', '/statements/{id}/pdf', { params: { id: statementId } });
    await statements('GET', '/statements/{id}/csv', { params: { id: statementId } });
    // A label's payee statements and the artists' statements answer the same rows (none of them here).
    await statements('GET', '/label_statements', { query: `label_id=${id}` });
    await statements('GET', '/label_artists/statements', { query: `label_id=${id}` });
  });
});
