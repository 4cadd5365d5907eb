import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { call, cloudUrl, demo, signIn } from '../support/api.js';
import { launchChromium, signedInAdminPage, JOURNEY } from '../support/browser.js';
import { pickOption } from '../support/pick-option.js';

/** An admin keeps societies, retailers, distributors and DSPs in the browser: nested rows, pickers, quick-add. */
let browser: Browser;
let page: Page;
let errors: string[];
const suffix = Math.random().toString(36).slice(2, 7);

beforeAll(async () => {
  browser = await launchChromium();
  ({ page, errors } = await signedInAdminPage(browser, cloudUrl(), demo.admin, {
    viewport: { width: 1400, height: 1000 },
  }));
});

afterAll(async () => {
  await browser?.close();
});

const notice = () => page.getByTestId('notification-message').textContent();

const pick = (testId: string, text: string, option: string | RegExp) => pickOption(page, testId, text, option);

describe('admin reference records in the browser', JOURNEY, () => {
  it('adds a society with a country and URL rows; the link text defaults to its name', async () => {
    await page.goto(`${cloudUrl()}/admin/societies/new`);
    await page.getByTestId('ref-field-name').fill(`Browser Society ${suffix}`);
    await page.getByTestId('ref-field-code').fill(`BS${suffix}`);
    await page.getByTestId('ref-field-country_id').click();
    await page.keyboard.type('no such country');
    await expect.poll(() => page.getByText('No results for no such country').count()).toBe(1);
    await page.keyboard.press('Escape');
    await pick('ref-field-country_id', 'ireland', 'Ireland');
    await page.getByTestId('ref-rows-urls-add').click();
    await page.getByTestId('ref-rows-urls-link-0').fill('https://society.example.org');
    await page.getByTestId('ref-rows-urls-add').click();
    await page.getByTestId('ref-rows-urls-link-1').fill('https://members.example.org');
    await page.getByTestId('ref-rows-urls-link_text-1').fill('Members');
    await page.getByTestId('ref-submit').click();
    await expect.poll(notice).toContain('Society Added');
    await page.waitForURL(`${cloudUrl()}/admin/societies`);

    await page.getByTestId('ref-table-search').locator('input').fill(`bs${suffix}`);
    await expect.poll(() => page.getByTestId('ref-table').textContent()).toContain('Ireland');
    await page.getByRole('link', { name: `Browser Society ${suffix}` }).click();
    await expect
      .poll(() => page.getByTestId('ref-rows-urls-table').textContent())
      .toContain(`Browser Society ${suffix}`);
    expect(await page.getByTestId('ref-rows-urls-table').textContent()).toContain('Members');
  });

  it('marks a saved URL row for removal with undo, and drops it on save', async () => {
    await page.getByTestId('ref-edit').click();
    await page.getByTestId('ref-rows-urls-remove-0').click();
    expect(await page.getByTestId('ref-rows-urls-row-0').getAttribute('data-destroyed')).toBe('true');
    await page.getByTestId('ref-rows-urls-undo-0').click();
    expect(await page.getByTestId('ref-rows-urls-row-0').getAttribute('data-destroyed')).toBe('false');
    await page.getByTestId('ref-rows-urls-remove-0').click();
    await page.getByTestId('ref-submit').click();
    await expect.poll(notice).toContain('Society Updated');
    const admin = await signIn(demo.admin.email, demo.admin.password);
    const found = await call('GET', `/api/v1/societies?q=bs${suffix}`, { token: admin });
    expect(found.body.societies[0].urls.map((u: { link: string }) => u.link)).toEqual(['https://members.example.org']);
  });

  it('adds a retailer whose distributor is created in the Add New Distributor modal', async () => {
    await page.goto(`${cloudUrl()}/admin/retailers/new`);
    await page.getByTestId('ref-field-name').fill(`Browser Shop ${suffix}`);
    await page.getByTestId('ref-field-distributor_id-add-new').click();
    const modal = page.getByTestId('quick-add-distributors');
    await expect.poll(() => modal.textContent()).toContain('Add New Distributor');
    // A user-context add hides the distributor's switches.
    expect(await modal.getByTestId('ref-field-active').count()).toBe(0);
    await modal.getByTestId('ref-field-name').fill(`Modal Distributor ${suffix}`);
    await page.getByTestId('quick-add-distributors-save').click();
    await expect.poll(() => modal.count()).toBe(0);
    expect(await page.getByTestId('ref-field-distributor_id').first().textContent()).toContain(
      `Modal Distributor ${suffix}`,
    );
    await page.getByTestId('ref-submit').click();
    await expect.poll(notice).toContain('Retailer Added');
    await page.getByTestId('ref-table-search').locator('input').fill(`browser shop ${suffix}`);
    await expect.poll(() => page.getByTestId('ref-table').textContent()).toContain(`Modal Distributor ${suffix}`);
  });

  it('adds a DSP and returns to DistributionDSPs; DSP management on distributors needs admin features', async () => {
    await page.goto(`${cloudUrl()}/admin/dsps/new`);
    await page.getByTestId('ref-field-name').fill(`Browser DSP ${suffix}`);
    await page.getByTestId('ref-field-pre_order').check();
    await page.getByTestId('ref-field-technical_specification.delivery_format').fill('DDEX ERN 4.3');
    await page.getByTestId('ref-submit').click();
    await expect.poll(notice).toContain('DSP Added');
    await page.waitForURL(`${cloudUrl()}/distribution/dsps`);

    await page.goto(`${cloudUrl()}/admin/distributors/new`);
    expect(await page.getByTestId('ref-rows-distributor_dsps-add').count()).toBe(0);
    await page.getByRole('button', { name: 'Admin', exact: true }).first().click();
    await page.getByRole('menuitem', { name: 'Enable Admin Features' }).click();
    await page.getByTestId('ref-rows-distributor_dsps-add').click();
    await page.getByTestId('ref-field-name').fill(`DSP Distributor ${suffix}`);
    await pick('ref-rows-distributor_dsps-dsp_id-0', `browser dsp ${suffix}`, `Browser DSP ${suffix}`);
    await page.getByTestId('ref-rows-distributor_dsps-active-0').uncheck();
    await page.getByTestId('ref-rows-distributor_dsps-inactive_note-0').fill('Awaiting contract');
    await page.getByTestId('ref-submit').click();
    await expect.poll(notice).toContain('Distributor Added');
    const admin = await signIn(demo.admin.email, demo.admin.password);
    const found = await call('GET', `/api/v1/distributors?q=${encodeURIComponent(`DSP Distributor ${suffix}`)}`, {
      token: admin,
    });
    expect(found.body.distributors[0].distributor_dsps).toEqual([
      expect.objectContaining({
        active: false,
        inactive_note: 'Awaiting contract',
        dsp: expect.objectContaining({ name: `Browser DSP ${suffix}` }),
      }),
    ]);
    expect(errors).toEqual([]);
  });

  it('creates a release in a chosen company, picking that company’s label; lists say whose each record is', async () => {
    await page.goto(`${cloudUrl()}/admin/releases/new`);
    await pick('ref-field-tenant_id', 'northern', 'Northern Lights Records');
    await pick('ref-field-label_id', 'aurora', 'Aurora Sound');
    await page.getByTestId('ref-field-title').fill(`Admin Release ${suffix}`);
    await page.getByTestId('ref-submit').click();
    await expect.poll(notice).toContain('Release Successfully Added');
    const admin = await signIn(demo.admin.email, demo.admin.password);
    const found = await call('GET', `/api/v1/admin/releases?q=${encodeURIComponent(`Admin Release ${suffix}`)}`, {
      token: admin,
    });
    expect(found.body.releases[0]).toMatchObject({
      company_name: 'Northern Lights Records',
      label: { name: 'Aurora Sound' },
    });
    await page.goto(`${cloudUrl()}/admin/releases`);
    await page.getByTestId('ref-table-search').locator('input').fill(`Admin Release ${suffix}`);
    await expect.poll(() => page.getByTestId('ref-table').textContent()).toContain('Northern Lights Records');
    expect(await page.getByTestId('ref-delete-selected').count()).toBe(0);
  });
});
