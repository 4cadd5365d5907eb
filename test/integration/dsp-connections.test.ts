import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { roleRefusal } from '../../shared/permissions.js';
import { call, demo, inCompany, labelManager, newConfirmedUser, signIn } from '../support/api.js';
import { ownCompany } from '../support/own-company.js';
import { openSocket } from '../support/realtime.js';
import { takeTurns } from '../support/take-turns.js';

/**
 * DSP connections per company and a company's distributor
 * links with their contract files.
 */
let admin: string;
const unique = () => Math.random().toString(36).slice(2, 8);
const asAdmin = (method: string, path: string, body?: object) =>
  call(method, `/api/v1${path}`, { token: admin, ...(body ? { body } : {}) });

// The demo store and the demo company's connections to it are the whole platform's: the files that change them take turns.
takeTurns('demo-store');

beforeAll(async () => {
  admin = await signIn(demo.admin.email, demo.admin.password);
});

async function newCompany() {
  const created = await asAdmin('POST', '/admin/companies', { name: `Delivery Co ${unique()}`, distributed: true });
  expect(created.status).toBe(201);
  return created.body.company.id as string;
}

async function newDsp(extra: object = {}) {
  const created = await asAdmin('POST', '/dsps', { name: `Store ${unique()}`, ...extra });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.dsp as { id: string; name: string };
}

describe('DSP connections', () => {
  it('go from a company’s request to an admin’s connection, requests and connections listed apart', async () => {
    const company = await newCompany();
    const dsp = await newDsp();
    const member = inCompany(admin, company);
    const asked = await member.post('/company/dsp_connections', { dsp_id: dsp.id, note: 'Please' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body).toMatchObject({
      message: 'DSP Requested',
      dsp_connection: { company_id: company, dsp_id: dsp.id, dsp_name: dsp.name, status: 'requested', note: 'Please' },
    });
    const id = asked.body.dsp_connection.id;
    const twice = await member.post('/company/dsp_connections', { dsp_id: dsp.id });
    expect(twice).toMatchObject({ status: 409, body: { errors: { dsp_id: ['This DSP is already requested'] } } });

    const requests = (await asAdmin('GET', '/requested_dsps')).body.dsp_connections as { id: string }[];
    expect(requests.map((r) => r.id)).toContain(id);
    const before = (await asAdmin('GET', '/dsp_connections')).body.dsp_connections as { id: string }[];
    expect(before.map((r) => r.id)).not.toContain(id);

    const pending = await asAdmin('PATCH', `/dsp_connections/${id}`, { dsp_connection: { status: 'pending' } });
    expect(pending.body.dsp_connection.status).toBe('pending');
    const pendingList = (await asAdmin('GET', '/dsp_connections?status=pending')).body.dsp_connections;
    expect(pendingList.map((r: { id: string }) => r.id)).toContain(id);
    expect(
      (await asAdmin('GET', '/dsp_connections?status=connected')).body.dsp_connections.map((r: { id: string }) => r.id),
    ).not.toContain(id);
    expect(
      (await asAdmin('GET', '/requested_dsps')).body.dsp_connections.map((r: { id: string }) => r.id),
    ).not.toContain(id);

    const connected = await asAdmin('PATCH', `/dsp_connections/${id}`, { dsp_connection: { status: 'connected' } });
    expect(connected.body).toMatchObject({
      message: 'DSP Connection Updated',
      dsp_connection: { status: 'connected', connected_at: expect.any(String) },
    });
    const mine = await member.get(`/company/dsp_connections?id=${company}`);
    expect(mine.body).toMatchObject({ total_count: 1, dsp_connections: [{ id, status: 'connected' }] });
    expect((await member.get('/company/dsp_connections?id=someone-else')).status).toBe(404);
  });

  it('tell the company’s delivery staff when an admin connects or declines a store it asked for', async () => {
    const own = await ownCompany('Store Request', { distributed: true });
    const accountant = await own.member('accounting');
    const [asked, refused] = [await newDsp(), await newDsp()];
    const request = async (dsp: { id: string }) =>
      (await own.api.post('/company/dsp_connections', { dsp_id: dsp.id })).body.dsp_connection.id as string;
    const [askedId, refusedId] = [await request(asked), await request(refused)];
    const inbox = async (token: string) =>
      (
        (await call('GET', '/api/v1/notices', { token })).body.notices as {
          notice: { title: string; content: string };
        }[]
      ).map((n) => n.notice);
    // Asking tells nobody; only the admin's answer does.
    expect(await inbox(own.manager.token)).toEqual([]);
    const { socket, messages } = await openSocket(own.manager.token);

    await asAdmin('PATCH', `/dsp_connections/${askedId}`, { dsp_connection: { status: 'pending' } });
    await asAdmin('PATCH', `/dsp_connections/${askedId}`, { dsp_connection: { status: 'connected' } });
    await asAdmin('PATCH', `/dsp_connections/${askedId}`, { dsp_connection: { note: 'Set up on Monday' } });
    await asAdmin('PATCH', `/dsp_connections/${refusedId}`, {
      dsp_connection: { status: 'declined', note: 'The store takes no new labels this year' },
    });

    const notices = await inbox(own.manager.token);
    expect(notices.map((n) => n.title).sort()).toEqual([
      `Connected to ${asked.name}`,
      `Connection to ${refused.name} declined`,
    ]);
    expect(notices.find((n) => n.title === `Connected to ${asked.name}`)?.content).toContain(
      `Your company is now connected to ${asked.name}`,
    );
    expect(notices.find((n) => n.title.endsWith('declined'))?.content).toContain(
      'The store takes no new labels this year',
    );
    // The manager's open tab hears it at once, with the words to show.
    await vi.waitFor(() =>
      expect(messages).toContainEqual(
        expect.objectContaining({ type: 'notices', title: `Connected to ${asked.name}` }),
      ),
    );
    socket.close();
    // Only those who can deliver are told.
    expect(await inbox(accountant.token)).toEqual([]);
    await vi.waitFor(async () => {
      const mails = (await call('GET', '/_local/outbox')).body.mails as { to: string; subject: string }[];
      expect(
        mails
          .filter((m) => m.to === own.manager.email && m.subject.startsWith(`${own.name}: `))
          .map((m) => m.subject)
          .sort(),
      ).toEqual([`${own.name}: Connected to ${asked.name}`, `${own.name}: Connection to ${refused.name} declined`]);
    });
  });

  it('let an admin connect a company directly, refusing unknown stores and companies', async () => {
    const company = await newCompany();
    const dsp = await newDsp();
    const added = await asAdmin('POST', `/companies/${company}/dsp_connections`, {
      dsp_connection: { dsp_id: dsp.id },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ message: 'DSP Connection Added', dsp_connection: { status: 'connected' } });
    const again = await asAdmin('POST', `/companies/${company}/dsp_connections`, {
      dsp_connection: { dsp_id: dsp.id, status: 'disconnected' },
    });
    expect(again.body.dsp_connection).toMatchObject({ id: added.body.dsp_connection.id, status: 'disconnected' });
    const asked = await inCompany(admin, company).post('/company/dsp_connections', { dsp_id: dsp.id });
    expect(asked.body.dsp_connection).toMatchObject({ id: added.body.dsp_connection.id, status: 'requested' });
    expect(asked.body.dsp_connection.requested_at > added.body.dsp_connection.requested_at).toBe(true);
    await asAdmin('PATCH', `/dsp_connections/${added.body.dsp_connection.id}`, {
      dsp_connection: { status: 'disconnected' },
    });
    const listed = await asAdmin('GET', `/companies/${company}/dsp_connections`);
    expect(listed.body).toMatchObject({ total_count: 1, dsp_connections: [{ status: 'disconnected' }] });
    const unknown = await asAdmin('POST', `/companies/${company}/dsp_connections`, {
      dsp_connection: { dsp_id: 'no-such-dsp' },
    });
    expect(unknown).toMatchObject({ status: 400, body: { errors: { dsp_id: ['DSP not found'] } } });
    expect(
      (await asAdmin('POST', '/companies/no-such-company/dsp_connections', { dsp_connection: { dsp_id: dsp.id } }))
        .status,
    ).toBe(404);
    expect((await asAdmin('PATCH', '/dsp_connections/nope', { dsp_connection: { status: 'connected' } })).status).toBe(
      404,
    );
    const badStatus = await asAdmin('PATCH', `/dsp_connections/${added.body.dsp_connection.id}`, {
      dsp_connection: { status: 'live' },
    });
    expect(badStatus.status).toBe(400);
    expect(Object.keys(badStatus.body.errors)).toEqual(['dsp_connection.status']);
  });

  it('keep another company’s links out of a company’s list and out of its members’ reach', async () => {
    // A company of this file's own, with a brand-new manager: its list holds only what this test links.
    const own = await ownCompany('Dsp Links', { distributed: true });
    const mine = await newDsp();
    await own.api.post('/company/dsp_connections', { dsp_id: mine.id });
    const ownLinks = await own.api.get('/company/dsp_connections');
    expect(ownLinks.status).toBe(200);
    expect(ownLinks.body.dsp_connections.map((l: { dsp_id: string }) => l.dsp_id)).toEqual([mine.id]);
    for (const link of ownLinks.body.dsp_connections) expect(link.company_id).toBe(own.companyId);
    const other = await newCompany();
    const dsp = await newDsp();
    await asAdmin('POST', `/companies/${other}/dsp_connections`, { dsp_connection: { dsp_id: dsp.id } });
    const fromOwn = await own.api.get('/company/dsp_connections');
    expect(fromOwn.body.dsp_connections.map((l: { dsp_id: string }) => l.dsp_id)).toEqual([mine.id]);
    // A member cannot name another company, nor reach the admin calls.
    expect((await inCompany(own.manager.token, other).get('/company/dsp_connections')).status).toBe(403);
    expect((await call('GET', '/api/v1/requested_dsps', { token: own.manager.token })).status).toBe(403);
    expect((await call('GET', `/api/v1/companies/${other}/dsp_connections`, { token: own.manager.token })).status).toBe(
      403,
    );
  });

  it('refuse a request to a role that may not deliver, and let it read its links', async () => {
    const company = await newCompany();
    const dsp = await newDsp();
    const { token } = await newConfirmedUser('Dsp Accountant');
    const userId = (await call('GET', '/api/v1/me', { token })).body.user.id;
    await asAdmin('PATCH', `/admin/companies/${company}`, { company_users: [{ user_id: userId, role: 'accounting' }] });
    const member = inCompany(token, company);
    expect(await member.post('/company/dsp_connections', { dsp_id: dsp.id })).toEqual({
      status: 403,
      body: { message: roleRefusal('accounting', 'delivery.write') },
    });
    expect(await member.get('/company/dsp_connections')).toEqual({
      status: 403,
      body: { message: roleRefusal('accounting', 'delivery.read') },
    });
    await asAdmin('PATCH', `/admin/companies/${company}`, {
      company_users: [{ user_id: userId, role: 'label_assistant' }],
    });
    expect((await member.post('/company/dsp_connections', { dsp_id: dsp.id })).status).toBe(201);
  });
});

describe('the demo seed and delivering only to connected stores', () => {
  it('connect the demo company (only) to stores with an SFTP server, and companyDspConnected says so', async () => {
    Object.assign(process.env, inject('cloudEnv'));
    // Fresh modules: an earlier file in this worker may have filled the product's in-process caches
    // (the store list among them) before this test made its stores.
    vi.resetModules();
    const { seedDemoDspConnections } = await import('../../infra/local/seed-dsp-connections.js');
    const { companyDspConnected } = await import('../../functions/companies/dsp-connections.js');
    const sftp = await newDsp({
      technical_specification_attributes: { server_uri: 'sftp://127.0.0.1:2222/inbox', delivery_stub: 'demo' },
    });
    const plain = await newDsp();
    const other = await newCompany();
    // A test of the demo seed itself: the only one here that reads the demo company.
    const manager = await labelManager();
    await seedDemoDspConnections();
    await seedDemoDspConnections();
    const demoLinks = (await inCompany(manager.token, manager.distributed.id).get('/company/dsp_connections')).body
      .dsp_connections as { dsp_id: string; status: string }[];
    expect(demoLinks.filter((l) => l.dsp_id === sftp.id)).toEqual([expect.objectContaining({ status: 'connected' })]);
    expect(demoLinks.map((l) => l.dsp_id)).not.toContain(plain.id);
    expect((await asAdmin('GET', `/companies/${other}/dsp_connections`)).body.total_count).toBe(0);
    expect(await companyDspConnected(manager.distributed.id, sftp.id)).toBe(true);
    expect(await companyDspConnected(manager.distributed.id, plain.id)).toBe(false);
    expect(await companyDspConnected(other, sftp.id)).toBe(false);
  });
});

describe('company distributors', () => {
  it('link a distributor with its contract file, one base distributor, the contract only from the company’s prefix', async () => {
    const [company, otherCompany] = [await newCompany(), await newCompany()];
    const distributor = (await asAdmin('POST', '/distributors', { name: `Dist ${unique()}` })).body.distributor;
    const second = (await asAdmin('POST', '/distributors', { name: `Dist ${unique()}` })).body.distributor;
    const pdf = Buffer.from('%PDF-1.4\n% contract\n');
    const presigned = await asAdmin('POST', `/companies/${company}/distributors/uploads`, {
      filename: 'contract.pdf',
      content_type: 'application/pdf',
      size: pdf.length,
    });
    expect(presigned.status, JSON.stringify(presigned.body)).toBe(200);
    expect(presigned.body.key).toMatch(new RegExp(`^documents/companies/${company}/distributors/`));
    await fetch(presigned.body.url, { method: 'PUT', headers: presigned.body.headers, body: pdf });

    const elsewhere = await asAdmin('POST', `/companies/${otherCompany}/distributors`, {
      company_distributor: { distributor_id: distributor.id, contract_key: presigned.body.key },
    });
    expect(elsewhere.body.errors).toEqual({ contract_key: ['Contract does not belong to this record'] });

    const linked = await asAdmin('POST', `/companies/${company}/distributors`, {
      company_distributor: {
        distributor_id: distributor.id,
        base: true,
        contract_start_date: '2026-01-01',
        contract_end_date: '2027-01-01',
        contract_key: presigned.body.key,
      },
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body).toMatchObject({
      message: 'Distributor Added',
      company_distributor: {
        distributor_id: distributor.id,
        distributor_name: distributor.name,
        company_id: company,
        active: true,
        base: true,
        terminated: false,
        contract_file_name: 'contract.pdf',
        contract_data_uri: expect.stringContaining('http'),
      },
    });
    const contract = await fetch(linked.body.company_distributor.contract_data_uri);
    expect(Buffer.from(await contract.arrayBuffer()).equals(pdf)).toBe(true);

    await asAdmin('POST', `/companies/${company}/distributors`, {
      company_distributor: { distributor_id: second.id, base: true },
    });
    const backwards = await asAdmin('POST', `/companies/${company}/distributors`, {
      company_distributor: {
        distributor_id: second.id,
        contract_start_date: '2026-05-01',
        contract_end_date: '2026-01-01',
      },
    });
    expect(backwards.body.errors).toEqual({
      'company_distributor.contract_end_date': ['Contract end date must be after Contract start date'],
    });
    const unknown = await asAdmin('POST', `/companies/${company}/distributors`, {
      company_distributor: { distributor_id: 'nope' },
    });
    expect(unknown.body.errors).toEqual({ distributor_id: ['Distributor not found'] });

    const distribution = await asAdmin('GET', `/companies/${company}/distribution`);
    expect(distribution.body.company).toMatchObject({ id: company, distributed: true });
    const rows = distribution.body.company_distributors as { distributor_id: string; base: boolean }[];
    expect(rows.map((r) => [r.distributor_id, r.base])).toEqual([
      [distributor.id, false],
      [second.id, true],
    ]);
    expect(distribution.body.dsp_connections).toEqual([]);
    // The company form edits the same rows: the contract survives it, and the page names it without its key.
    const rowId = linked.body.company_distributor.id;
    const edited = await asAdmin('PATCH', `/admin/companies/${company}`, {
      company_distributors_attributes: [{ id: rowId, active: false }],
    });
    const editedRow = edited.body.company.company_distributors.find((r: { id: string }) => r.id === rowId);
    expect(editedRow).toMatchObject({ active: false, contract_file_name: 'contract.pdf' });
    expect(JSON.stringify(edited.body)).not.toContain(presigned.body.key);
    const after = await asAdmin('GET', `/companies/${company}/distribution`);
    expect(after.body.company_distributors[0]).toMatchObject({ active: false, contract_file_name: 'contract.pdf' });
    expect((await asAdmin('GET', '/companies/no-such-company/distribution')).status).toBe(404);
    // A label manager of another company (of this file's own) is refused.
    const outsider = (await ownCompany('DSP Outsider')).manager.token;
    expect((await call('GET', `/api/v1/companies/${company}/distribution`, { token: outsider })).status).toBe(403);
  });
});

describe('GET company/distributors: the company’s own distributor links', () => {
  it('answers the current company’s links only, to members whose role may see deliveries', async () => {
    const company = await newCompany();
    const other = await newCompany();
    const distributor = (await asAdmin('POST', '/distributors', { name: `Own Dist ${unique()}` })).body.distributor;
    const elsewhere = (await asAdmin('POST', '/distributors', { name: `Other Dist ${unique()}` })).body.distributor;
    const link = (companyId: string, distributorId: string) =>
      asAdmin('POST', `/companies/${companyId}/distributors`, {
        company_distributor: { distributor_id: distributorId, contract_start_date: '2026-01-01', base: true },
      });
    expect((await link(company, distributor.id)).body.message).toBe('Distributor Added');
    expect((await link(other, elsewhere.id)).body.message).toBe('Distributor Added');
    const { token } = await newConfirmedUser('Distributor Reader');
    const userId = (await call('GET', '/api/v1/me', { token })).body.user.id;
    await asAdmin('PATCH', `/admin/companies/${company}`, { company_users: [{ user_id: userId, role: 'intern' }] });
    const own = await inCompany(token, company).get('/company/distributors');
    expect(own.status).toBe(200);
    expect(own.body.total_count).toBe(1);
    expect(own.body.company_distributors[0]).toMatchObject({
      distributor_id: distributor.id,
      distributor_name: distributor.name,
      base: true,
      contract_start_date: '2026-01-01',
    });
    expect(JSON.stringify(own.body)).not.toContain(elsewhere.id);
    // Another company's links are not reachable by naming it: the caller is not its member.
    expect((await inCompany(token, other).get('/company/distributors')).status).toBe(403);
    await asAdmin('PATCH', `/admin/companies/${company}`, { company_users: [{ user_id: userId, role: 'accounting' }] });
    expect(await inCompany(token, company).get('/company/distributors')).toEqual({
      status: 403,
      body: { message: roleRefusal('accounting', 'delivery.read') },
    });
  });
});
