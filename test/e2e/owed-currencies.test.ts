import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudUrl, demo, inCompany } from '../support/api.js';
import { launchChromium, screenshotIfAsked, signedInPage } from '../support/browser.js';
import { dueStatement } from '../support/due-statements.js';
import { ownCompany } from '../support/own-company.js';

/**
 * What a company and a payee still owe, on every page that says it, when the statements are in two currencies (a
 * company whose currency changed keeps its older statements in the old one): each currency in its own, as the server
 * added it up, never one sum of pounds and euros.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('money owed in two currencies', () => {
  it('is said per currency on the finances, a payee’s accounting, the admin dashboard and the CRM', async () => {
    const distributor = await ownCompany('Owed currencies e2e distributor');
    const made = await distributor.api.post('/crm/clients', { client: { name: `Two Currencies ${Date.now()}` } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const client = made.body.client as { id: string; name: string };
    const company = inCompany(distributor.admin, client.id);
    const payee = async (name: string) => (await company.post('/payees', { name })).body.payee;
    const euro = await payee('Euro Payee');
    await dueStatement(client.id, euro, '1234.56', 'EUR', { period: ['2026-01', '2026-03'] });
    await dueStatement(client.id, await payee('Pound Payee'), '21.00', 'GBP', { period: ['2026-01', '2026-03'] });
    const both = 'EUR 1,234.56 + £21.00';

    const { page } = await signedInPage(browser, cloudUrl(), demo.admin, {
      company: { id: client.id, name: client.name },
      path: '/user/finances?start_date=2026-01-01&end_date=2026-06-30',
    });
    await expect.poll(() => page.getByTestId('finances-owed').textContent()).toBe(both);
    await screenshotIfAsked(page, '/tmp/owed-currencies-finances.png', true);

    await page.goto(`${cloudUrl()}/user/payees/${euro.id}/accounting`);
    await expect.poll(() => page.getByTestId('earnings-owed').textContent()).toBe('EUR 1,234.56');

    await page.goto(`${cloudUrl()}/admin`);
    const row = page.getByTestId('platform-companies-table').getByRole('row').filter({ hasText: client.name });
    await expect.poll(() => row.textContent(), { timeout: 30_000 }).toContain(both);
    await screenshotIfAsked(page, '/tmp/owed-currencies-admin.png', true);

    // The CRM is the distributor's: its client's page, with the distributor's company chosen.
    const crm = await signedInPage(browser, cloudUrl(), demo.admin, {
      company: { id: distributor.companyId, name: distributor.name },
      path: `/distribution/companies/${client.id}`,
    });
    await expect.poll(() => crm.page.getByTestId('client-owed').textContent()).toBe(both);
    // Its last statement's months in words, as the statements pages say them.
    expect(await crm.page.locator('body').textContent()).toMatch(/PR-\w+ \(Jan 2026 to Mar 2026\)/);
    await screenshotIfAsked(crm.page, '/tmp/owed-currencies-crm.png', true);
  }, 120_000);
});
