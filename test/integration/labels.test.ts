import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { call, newConfirmedUser } from '../support/api.js';
import { type OwnCompany, ownCompany } from '../support/own-company.js';

// This file's own manager with two companies: one distributed, one tagged Publisher.
let world: OwnCompany;
let manager: { token: string; distributed: { id: string; name: string }; publisher: { id: string; name: string } };
const labels = (company: string, query = '') =>
  call('GET', `/api/v1/labels${query}`, { token: manager.token, company });

beforeAll(async () => {
  world = await ownCompany('Labels Distributed', { distributed: true });
  const publisher = await world.sibling('Labels Publisher', { tags: ['Publisher'] });
  manager = {
    token: world.manager.token,
    distributed: { id: world.companyId, name: world.name },
    publisher: { id: publisher.companyId, name: publisher.name },
  };
});

describe('labels of the current company', () => {
  it('creates with defaults, reads, updates and deletes a label with the product’s messages', async () => {
    const company = manager.publisher.id;
    const created = await call('POST', '/api/v1/labels', {
      token: manager.token,
      company,
      body: { name: 'Quay Records', email: 'hi@quay.test' },
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(MESSAGES.labelAdded);
    expect(created.body.label).toMatchObject({
      name: 'Quay Records',
      active: true,
      distributed: false,
      requested: false,
      company_id: company,
      logo: null,
    });

    const id = created.body.label.id;
    const updated = await call('PATCH', `/api/v1/labels/${id}`, {
      token: manager.token,
      company,
      body: { short_biog: 'Harbour-side label', active: false },
    });
    expect(updated.body.message).toBe(MESSAGES.labelUpdated);
    expect(updated.body.label).toMatchObject({ name: 'Quay Records', short_biog: 'Harbour-side label', active: false });

    const read = await call('GET', `/api/v1/labels/${id}`, { token: manager.token, company });
    expect(read.body.label.short_biog).toBe('Harbour-side label');

    const deleted = await call('DELETE', `/api/v1/labels/${id}`, { token: manager.token, company });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toContain('Quay Records');
    expect((await call('GET', `/api/v1/labels/${id}`, { token: manager.token, company })).status).toBe(404);
  });

  it('names the field on bad input', async () => {
    const company = manager.publisher.id;
    const answer = await call('POST', '/api/v1/labels', {
      token: manager.token,
      company,
      body: { email: 'not-an-email', deal_percentage: 140 },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors.name).toEqual(['Name is required']);
    expect(answer.body.errors.email).toEqual(['This field must be a valid email']);
    expect(answer.body.errors.deal_percentage).toEqual(['Deal percentage must be under 100']);
  });

  it('pages, sorts, searches and scopes on the server', async () => {
    // A company holding these seven labels only, so every count and page is exact.
    const own = await world.sibling('Labels Paging');
    const company = own.companyId;
    const names = [
      'Zebra Tapes',
      'Alpha Audio',
      'Mango Music',
      'alpine Sounds',
      'Beta Beats',
      'Gamma Grooves',
      'Harbour Hum',
    ];
    for (const [i, name] of names.entries()) {
      await call('POST', '/api/v1/labels', {
        token: manager.token,
        company,
        body: { name, active: i % 2 === 0, distributed: name === 'Mango Music' },
      });
    }
    const shown = (answer: { body: { labels: { name: string }[] } }) => answer.body.labels.map((l) => l.name);
    const firstPage = await labels(company, '?per_page=5&page=1&sort_field=name&sort_order=asc');
    expect(firstPage.body.total_count).toBe(7);
    expect(firstPage.body.total_pages).toBe(2);
    expect(shown(firstPage)).toEqual(['Alpha Audio', 'alpine Sounds', 'Beta Beats', 'Gamma Grooves', 'Harbour Hum']);
    const secondPage = await labels(company, '?per_page=5&page=2&order=name%20asc');
    expect(shown(secondPage)).toEqual(['Mango Music', 'Zebra Tapes']);
    const descending = await labels(company, '?per_page=5&order=name%20desc');
    expect(shown(descending)[0]).toBe('Zebra Tapes');

    const search = await labels(company, '?q=ALP');
    expect(shown(search).sort()).toEqual(['Alpha Audio', 'alpine Sounds']);
    expect(shown(await labels(company, '?scope=distributed'))).toEqual(['Mango Music']);
    const inactive = await labels(company, '?scope=inactive');
    expect(inactive.body.labels.every((l: { active: boolean }) => !l.active)).toBe(true);
    expect(inactive.body.total_count).toBe(3);
    expect((await labels(company, '?inactive=true')).body.labels.every((l: { active: boolean }) => !l.active)).toBe(
      true,
    );
    expect((await labels(company, '?per_page=3')).status).toBe(400);
    expect((await labels(company, '?sort_field=password')).status).toBe(400);
  });

  it('sees a new label at once after a write (the cached list is revalidated)', async () => {
    const company = manager.distributed.id;
    const name = `Fresh Ink ${Date.now()}`;
    const search = `?q=${encodeURIComponent(name)}`;
    const everyLabel = async () =>
      ((await labels(company, '?per_page=1000')).body.labels as { id: string }[]).map((l) => l.id).sort();
    expect((await labels(company, search)).body.total_count).toBe(0);
    const before = await everyLabel();
    const created = await call('POST', '/api/v1/labels', { token: manager.token, company, body: { name } });
    expect((await labels(company, search)).body.total_count).toBe(1);
    // Only this file writes to its company: the list is exactly the one before and the new label.
    expect(await everyLabel()).toEqual([...before, created.body.label.id].sort());
  });

  it('uploads a logo through a presigned PUT, and leaves it alone when an update has no logo', async () => {
    const company = manager.distributed.id;
    const label = (await call('POST', '/api/v1/labels', { token: manager.token, company, body: { name: 'Logo Lane' } }))
      .body.label;
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(120, 7)]);
    const presigned = await call('POST', `/api/v1/labels/${label.id}/logo_upload`, {
      token: manager.token,
      company,
      body: { filename: 'logo lane.png', content_type: 'image/png', size: png.length },
    });
    expect(presigned.status).toBe(200);
    const put = await fetch(presigned.body.url, { method: 'PUT', headers: presigned.body.headers, body: png });
    expect(put.status).toBe(200);
    const withLogo = await call('PATCH', `/api/v1/labels/${label.id}`, {
      token: manager.token,
      company,
      body: { logo_key: presigned.body.key },
    });
    expect(withLogo.body.label.logo).toMatchObject({
      content_type: 'image/png',
      size: png.length,
      filename: 'logo_lane.png',
    });
    const image = await fetch(withLogo.body.label.logo.url);
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);

    const renamed = await call('PATCH', `/api/v1/labels/${label.id}`, {
      token: manager.token,
      company,
      body: { name: 'Logo Lane Ltd' },
    });
    expect(renamed.body.label.logo?.size).toBe(png.length);
    const removed = await call('PATCH', `/api/v1/labels/${label.id}`, {
      token: manager.token,
      company,
      body: { logo_key: null },
    });
    expect(removed.body.label.logo).toBeNull();
  });

  it('refuses a logo that is too large, of another type, or from another label', async () => {
    const company = manager.distributed.id;
    const label = (
      await call('POST', '/api/v1/labels', { token: manager.token, company, body: { name: 'Strict Logos' } })
    ).body.label;
    const tooBig = await call('POST', `/api/v1/labels/${label.id}/logo_upload`, {
      token: manager.token,
      company,
      body: { filename: 'a.png', content_type: 'image/png', size: 6 * 1024 * 1024 },
    });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.errors.size).toBeDefined();
    const wrongType = await call('POST', `/api/v1/labels/${label.id}/logo_upload`, {
      token: manager.token,
      company,
      body: { filename: 'a.exe', content_type: 'application/x-msdownload', size: 10 },
    });
    expect(wrongType.body.errors.content_type).toBeDefined();
    const foreignKey = await call('PATCH', `/api/v1/labels/${label.id}`, {
      token: manager.token,
      company,
      body: { logo_key: `logos/${company}/labels/other/x.png` },
    });
    expect(foreignKey.status).toBe(400);
    expect(foreignKey.body.errors.logo_key).toBeDefined();
  });
});

describe('tenant isolation', () => {
  it('never shows or changes one company’s label to a user of another company', async () => {
    const owner = manager.distributed.id;
    const label = (
      await call('POST', '/api/v1/labels', { token: manager.token, company: owner, body: { name: 'Private Press' } })
    ).body.label;
    const outsider = await newConfirmedUser('Olive Outsider');

    const asMember = await call('GET', `/api/v1/labels/${label.id}`, { token: outsider.token, company: owner });
    expect(asMember.status).toBe(403);
    expect(asMember.body.message).toBe(MESSAGES.noAccessHere);
    expect(JSON.stringify(asMember.body)).not.toContain('Private Press');
    expect(
      (
        await call('PATCH', `/api/v1/labels/${label.id}`, {
          token: outsider.token,
          company: owner,
          body: { name: 'Mine now' },
        })
      ).status,
    ).toBe(403);
    expect((await call('DELETE', `/api/v1/labels/${label.id}`, { token: outsider.token, company: owner })).status).toBe(
      403,
    );
    expect((await call('GET', '/api/v1/labels', { token: outsider.token, company: owner })).status).toBe(403);
    expect((await call('GET', `/api/v1/labels?company_id=${owner}`, { token: outsider.token })).status).toBe(403);

    // The manager's own other company cannot reach the label either: labels are keyed by tenant.
    const crossTenant = await call('GET', `/api/v1/labels/${label.id}`, {
      token: manager.token,
      company: manager.publisher.id,
    });
    expect(crossTenant.status).toBe(404);
    const stillThere = await call('GET', `/api/v1/labels/${label.id}`, { token: manager.token, company: owner });
    expect(stillThere.body.label.name).toBe('Private Press');
  });
});

describe('LabelsAdmin', () => {
  it('lists every tenant’s labels with the company name for admins only', async () => {
    const admin = world.admin;
    const name = `Tenant Listed ${Date.now()}`;
    for (const company of [manager.distributed.id, manager.publisher.id])
      await call('POST', '/api/v1/labels', { token: manager.token, company, body: { name } });
    const all = await call('GET', `/api/v1/admin/labels?q=${encodeURIComponent(name)}&per_page=1000`, { token: admin });
    const companies = all.body.labels.map((l: { company_name: string }) => l.company_name).sort();
    expect(companies).toEqual([manager.distributed.name, manager.publisher.name].sort());
    const denied = await call('GET', '/api/v1/admin/labels', { token: manager.token });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(MESSAGES.mustBeAdmin);
  });

  it('lets an admin create a label in a chosen company and edit it', async () => {
    const admin = world.admin;
    const created = await call('POST', '/api/v1/admin/labels', {
      token: admin,
      body: { name: 'Admin Made', company_id: manager.publisher.id },
    });
    expect(created.status).toBe(201);
    const updated = await call('PATCH', `/api/v1/admin/labels/${created.body.label.id}`, {
      token: admin,
      body: { biog: 'Set by admin' },
    });
    expect(updated.body.label).toMatchObject({ biog: 'Set by admin', company_id: manager.publisher.id });
    const seenByMember = await call('GET', `/api/v1/labels/${created.body.label.id}`, {
      token: manager.token,
      company: manager.publisher.id,
    });
    expect(seenByMember.body.label.biog).toBe('Set by admin');
  });
});
