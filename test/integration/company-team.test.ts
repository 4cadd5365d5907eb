import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { call, demo, inCompany, latestMail, newConfirmedUser, signIn } from '../support/api.js';
import { uploadPresigned } from '../support/presigned-upload.js';

/**
 * The company's own pages: its managers edit it, upload
 * its files and run its team; a member asks for a label an admin approves or rejects.
 */
let admin: string;
let x: string;
let y: string;
type Person = { token: string; email: string; id: string };
let managerX: Person;
let assistantX: Person;
let managerY: Person;

async function person(name: string): Promise<Person> {
  const { token, email } = await newConfirmedUser(name);
  const me = await call('GET', '/api/v1/me', { token });
  return { token, email, id: me.body.user.id };
}

async function company(name: string, members: { user_id: string; role: string }[]) {
  const created = await call('POST', '/api/v1/admin/companies', { token: admin, body: { name } });
  expect(created.status).toBe(201);
  const id = created.body.company.id as string;
  const added = await call('PATCH', `/api/v1/admin/companies/${id}`, {
    token: admin,
    body: { company_users: members },
  });
  expect(added.status).toBe(200);
  return id;
}

const roleOf = async (companyId: string, userId: string) =>
  (await call('GET', `/api/v1/admin/companies/${companyId}`, { token: admin })).body.company.company_users.find(
    (u: { user_id: string }) => u.user_id === userId,
  )?.role;

type Team = { x: string; managerX: Person; assistantX: Person; memberX: Person; internX: Person };
let teams = 0;

/** Company X and its four members, one label manager among them. */
async function team(): Promise<Team> {
  const [managerX, assistantX, memberX, internX] = await Promise.all(
    ['Manager X', 'Assistant X', 'Member X', 'Intern X'].map(person),
  );
  teams += 1;
  const x = await company(`Team X ${Date.now()}-${teams}`, [
    { user_id: managerX.id, role: 'label_manager' },
    { user_id: assistantX.id, role: 'label_assistant' },
    { user_id: memberX.id, role: 'user' },
    { user_id: internX.id, role: 'intern' },
  ]);
  return { x, managerX, assistantX, memberX, internX };
}

beforeAll(async () => {
  admin = await signIn(demo.admin.email, demo.admin.password);
  let shared: Team;
  [shared, managerY] = await Promise.all([team(), person('Manager Y')]);
  ({ x, managerX, assistantX } = shared);
  y = await company(`Team Y ${Date.now()}`, [{ user_id: managerY.id, role: 'label_manager' }]);
});

describe('PATCH /companies/{id}: a company edited by its own managers', () => {
  it('saves the company details, profile, VAT and site settings: "Company Updated"', async () => {
    const saved = await inCompany(managerX.token, x).patch(`/companies/${x}`, {
      email: 'office@teamx.example',
      vat_registered: true,
      vat_number: 'GB123456789',
      registration_number: '01234567',
      profile_attributes: { name: 'Team X Ltd', address: '1 Road', phone_no: '+44 1', backup_email: 'b@teamx.example' },
      site_settings_attributes: {
        site_name: 'Team X',
        primary_colour: '#112233',
        custom_domain: 'music.teamx.example',
      },
      self_billing: true,
      self_billing_created_at: '2026-01-01',
      self_billing_expires_at: '2027-01-01',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe(MESSAGES.companyUpdated);
    expect(saved.body.company).toMatchObject({
      email: 'office@teamx.example',
      vat_number: 'GB123456789',
      profile: { name: 'Team X Ltd' },
      site_settings: { primary_colour: '#112233', custom_domain: 'music.teamx.example' },
      self_billing: true,
    });
  });

  it('refuses the fields only a platform admin changes, naming each field (403)', async () => {
    const api = inCompany(managerX.token, x);
    const tags = await api.patch(`/companies/${x}`, { tags: ['Publisher'], deal_percentage: 50 });
    expect(tags.status).toBe(403);
    expect(Object.keys(tags.body.errors)).toEqual(['tags', 'deal_percentage']);
    expect(tags.body.message).toBe('Only a platform admin can change Tags, Deal percentage');
    const team = await api.patch(`/companies/${x}`, { company_users: [{ user_id: managerX.id, role: 'admin' }] });
    expect(team.status).toBe(403);
    expect(team.body.errors.company_users).toBeDefined();
    expect((await api.patch(`/companies/${x}`, { contract_date: '2026-01-01' })).status).toBe(403);
    expect((await api.patch(`/companies/${x}`, { distributed: true })).status).toBe(403);
    // The plan is the admin's or the billing provider's to change (docs/plans.md).
    const plan = await api.patch(`/companies/${x}`, { subscription_id: 'plan_enterprise' });
    expect(plan.status).toBe(403);
    expect(plan.body.errors.subscription_id).toBeDefined();
    // An admin working in the company may change them.
    expect((await inCompany(admin, x).patch(`/companies/${x}`, { deal_percentage: 10 })).status).toBe(200);
  });

  it('validates: VAT number when VAT registered, colours, e-mails, the custom domain', async () => {
    const api = inCompany(managerX.token, x);
    const vat = await api.patch(`/companies/${x}`, { vat_registered: true, vat_number: '' });
    expect(vat.status).toBe(400);
    expect(vat.body.errors.vat_number).toEqual(['VAT number is required when VAT registered']);
    const site = await api.patch(`/companies/${x}`, {
      site_settings_attributes: { primary_colour: 'blue', support_email: 'nope', custom_domain: 'not a host' },
    });
    expect(site.status).toBe(400);
    expect(JSON.stringify(site.body.errors)).toMatch(/primary_colour/);
    expect(JSON.stringify(site.body.errors)).toMatch(/support_email/);
    expect(JSON.stringify(site.body.errors)).toMatch(/custom_domain/);
  });

  it('is 404 for another company, 403 for a role without company.manage', async () => {
    // A manager of X naming Y while working in X: not a record they can reach.
    expect((await inCompany(managerX.token, x).patch(`/companies/${y}`, { name: 'Taken' })).status).toBe(404);
    expect((await inCompany(managerX.token, x).post(`/companies/${y}/uploads`, logoRequest)).status).toBe(404);
    // Working in Y they are not a member of: refused before anything is read.
    expect((await inCompany(managerX.token, y).patch(`/companies/${y}`, { name: 'Taken' })).status).toBe(403);
    const assistant = await inCompany(assistantX.token, x).patch(`/companies/${x}`, { name: 'Assistant was here' });
    expect(assistant.status).toBe(403);
    expect(assistant.body.message).toMatch(/Label assistant/);
    expect((await inCompany(assistantX.token, x).post(`/companies/${x}/uploads`, logoRequest)).status).toBe(403);
    const page = await call('GET', `/api/v1/companies/${y}`, { token: admin });
    expect(page.body.company.name).not.toBe('Taken');
  });
});

const logoRequest = { field: 'logo', filename: 'logo.png', content_type: 'image/png', size: 100 };

describe('POST /companies/{id}/uploads: the logo and the self-billing agreement', () => {
  it('presigns the two member files and refuses the contract; the agreement is saved on the company', async () => {
    const api = inCompany(managerX.token, x);
    const logo = await api.post(`/companies/${x}/uploads`, logoRequest);
    expect(logo.status).toBe(200);
    expect(logo.body.key).toContain(`logos/companies/${x}/`);
    const contract = await api.post(`/companies/${x}/uploads`, { ...logoRequest, field: 'contract' });
    expect(contract.status).toBe(400);
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const agreement = { field: 'self_billing_agreement', filename: 'agreement.pdf', content_type: 'application/pdf' };
    const key = await uploadPresigned(api, `/companies/${x}/uploads`, agreement, pdf);
    const saved = await api.patch(`/companies/${x}`, { self_billing_agreement_key: key });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.company.self_billing_agreement).toMatchObject({ filename: 'agreement.pdf' });
    const foreign = await api.patch(`/companies/${x}`, { logo_key: `logos/companies/${y}/x.png` });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.logo_key).toBeDefined();
  });
});

// The cases that change company X's team change a team of their own: the others find the team as it was made.
describe('the team: PATCH and DELETE /company/users/{id}', () => {
  it('changes a role; refuses admin and artist_user; 404 for a user of another company; 403 without company.manage', async () => {
    const { x, managerX, assistantX, memberX, internX } = await team();
    const api = inCompany(managerX.token, x);
    const changed = await api.patch(`/company/users/${memberX.id}`, { role: 'accounting' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ message: MESSAGES.companyUpdated, company_user: { role: 'accounting' } });
    expect(await roleOf(x, memberX.id)).toBe('accounting');
    for (const role of ['admin', 'artist_user']) {
      const refused = await api.patch(`/company/users/${memberX.id}`, { role });
      expect(refused.status).toBe(400);
      expect(refused.body.errors.role).toBeDefined();
    }
    expect((await api.patch(`/company/users/${managerY.id}`, { role: 'intern' })).status).toBe(404);
    expect((await api.del(`/company/users/${managerY.id}`)).status).toBe(404);
    expect(await roleOf(y, managerY.id)).toBe('label_manager');
    const assistant = inCompany(assistantX.token, x);
    expect((await assistant.patch(`/company/users/${internX.id}`, { role: 'label_manager' })).status).toBe(403);
    expect((await assistant.del(`/company/users/${internX.id}`)).status).toBe(403);
  });

  it('keeps the last label manager: neither demoted nor removed, themselves included', async () => {
    const api = inCompany(managerX.token, x);
    const demote = await api.patch(`/company/users/${managerX.id}`, { role: 'intern' });
    expect(demote.status).toBe(409);
    expect(demote.body.errors.role[0]).toMatch(/must keep a Label manager/);
    const leave = await api.del(`/company/users/${managerX.id}`);
    expect(leave.status).toBe(409);
    expect(leave.body.errors.role[0]).toMatch(/last Label manager cannot be removed/);
    expect(await roleOf(x, managerX.id)).toBe('label_manager');
  });

  it('a removed member loses access at once: their next tenant call is 403', async () => {
    const { x, managerX, internX } = await team();
    const intern = inCompany(internX.token, x);
    expect((await intern.get('/labels')).status).toBe(200);
    const removed = await inCompany(managerX.token, x).del(`/company/users/${internX.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(MESSAGES.companyUpdated);
    expect((await intern.get('/labels')).status).toBe(403);
    expect((await inCompany(managerX.token, x).del(`/company/users/${internX.id}`)).status).toBe(404);
  });

  it('a manager may leave once another manager remains', async () => {
    const { x, managerX, assistantX, memberX } = await team();
    const api = inCompany(managerX.token, x);
    expect((await api.patch(`/company/users/${memberX.id}`, { role: 'label_manager' })).status).toBe(200);
    expect((await api.del(`/company/users/${managerX.id}`)).status).toBe(200);
    expect((await api.get('/labels')).status).toBe(403);
    // The new manager runs the team now, and takes the former manager back.
    const added = await call('PATCH', `/api/v1/admin/companies/${x}`, {
      token: admin,
      body: {
        company_users: [
          { user_id: memberX.id, role: 'label_manager' },
          { user_id: managerX.id, role: 'label_manager' },
          { user_id: assistantX.id, role: 'label_assistant' },
        ],
      },
    });
    expect(added.status).toBe(200);
    expect((await api.get('/labels')).status).toBe(200);
  });
});

describe('two managers demoting each other at once', () => {
  it('leave the company with a label manager: at most one change wins', async () => {
    const [a, b] = await Promise.all([person('Race A'), person('Race B')]);
    const z = await company(`Team Z ${Date.now()}`, [
      { user_id: a.id, role: 'label_manager' },
      { user_id: b.id, role: 'label_manager' },
    ]);
    const answers = await Promise.all([
      inCompany(a.token, z).patch(`/company/users/${b.id}`, { role: 'intern' }),
      inCompany(b.token, z).patch(`/company/users/${a.id}`, { role: 'intern' }),
    ]);
    expect(answers.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
    for (const r of answers) expect([200, 403, 409]).toContain(r.status);
    const roles = await Promise.all([roleOf(z, a.id), roleOf(z, b.id)]);
    expect(roles).toContain('label_manager');
  });
});

describe('label requests', () => {
  it('a member asks; the label is requested, unusable for releases until an admin approves it', async () => {
    const assistant = inCompany(assistantX.token, x);
    const asked = await assistant.post('/label_requests', { name: `Wanted ${Date.now()}`, notes: 'For our jazz' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body).toMatchObject({ message: 'Label Requested', label: { requested: true, active: false } });
    const labelId = asked.body.label.id as string;
    const twice = await assistant.post('/label_requests', { name: asked.body.label.name });
    expect(twice.status).toBe(400);
    expect(twice.body.errors.name).toBeDefined();

    const requested = await call('GET', '/api/v1/admin/labels?scope=requested&per_page=100', { token: admin });
    expect(requested.body.labels.map((l: { id: string }) => l.id)).toContain(labelId);

    const release = await assistant.post('/releases', { title: 'Too early', label_id: labelId });
    expect(release.status).toBe(400);
    expect(release.body.errors.label_id[0]).toMatch(/waiting for an admin's approval/);
    const selfApproved = await assistant.patch(`/labels/${labelId}`, { requested: false, active: true });
    expect(selfApproved.status).toBe(403);
    expect(selfApproved.body.errors.requested).toBeDefined();
    expect((await inCompany(assistantX.token, y).post('/label_requests', { name: 'Elsewhere' })).status).toBe(403);

    const approved = await call('POST', `/api/v1/admin/labels/${labelId}/approve`, { token: admin });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ message: 'Label Approved', label: { requested: false, active: true } });
    expect((await latestMail(assistantX.email))?.subject).toBe('Your label was approved');
    expect((await call('POST', `/api/v1/admin/labels/${labelId}/approve`, { token: admin })).status).toBe(409);
    const now = await assistant.post('/releases', { title: 'On time', label_id: labelId });
    expect(now.status, JSON.stringify(now.body)).toBe(201);
  });

  it('an admin rejects a request: the label is gone and the requester told why', async () => {
    const manager = inCompany(managerX.token, x);
    const asked = await manager.post('/label_requests', { name: `Unwanted ${Date.now()}` });
    const labelId = asked.body.label.id as string;
    const rejected = await call('POST', `/api/v1/admin/labels/${labelId}/reject`, {
      token: admin,
      body: { reason: 'Name clashes with a distributed label' },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.message).toBe('Label Rejected');
    expect((await manager.get(`/labels/${labelId}`)).status).toBe(404);
    const mail = await latestMail(managerX.email);
    expect(mail?.subject).toBe('Your label request was rejected');
    expect(mail?.text).toContain('Name clashes with a distributed label');
    expect((await call('POST', `/api/v1/admin/labels/${labelId}/reject`, { token: managerX.token })).status).toBe(403);
  });

  it('a role without catalogue.write cannot ask', async () => {
    const other = await person('Reader X');
    await call('PATCH', `/api/v1/admin/companies/${y}`, {
      token: admin,
      body: {
        company_users: [
          { user_id: managerY.id, role: 'label_manager' },
          { user_id: other.id, role: 'intern' },
        ],
      },
    });
    expect((await inCompany(other.token, y).post('/label_requests', { name: 'Nope' })).status).toBe(403);
  });
});

describe("the profile's own lists: GET /bug_reports and GET /logs", () => {
  it("answers the caller's own bug reports and log only", async () => {
    const mine = await call('POST', '/api/v1/bug_reports', {
      token: managerY.token,
      body: { description: 'The button is blue' },
    });
    expect(mine.status).toBe(201);
    await call('POST', '/api/v1/bug_reports', { token: managerX.token, body: { description: 'Not yours' } });
    const listed = await call('GET', '/api/v1/bug_reports?user_id=someone-else', { token: managerY.token });
    expect(listed.status).toBe(400);
    const own = await call('GET', '/api/v1/bug_reports', { token: managerY.token });
    expect(own.status).toBe(200);
    expect(own.body.bug_reports.map((b: { description: string }) => b.description)).toEqual(['The button is blue']);
    const logs = await call('GET', '/api/v1/logs', { token: managerY.token });
    expect(logs.status).toBe(200);
    expect(logs.body.logs.length).toBeGreaterThan(0);
    expect(new Set(logs.body.logs.map((l: { user_id: string }) => l.user_id))).toEqual(new Set([managerY.id]));
  });
});
