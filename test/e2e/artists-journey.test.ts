import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { call, cloudUrl } from '../support/api.js';
import { openManagerSession, JOURNEY } from '../support/browser.js';

/** A label manager keeps the company's artists in the browser: identifier rows, members with a quick-added contributor. */
let browser: Browser;
let page: Page;
let errors: string[];
let company: { id: string; name: string };
let token: string;

beforeAll(async () => {
  ({ browser, page, errors, company, token } = await openManagerSession('Artists journey'));
});

afterAll(async () => {
  await browser?.close();
});

const notice = () => page.getByTestId('notification-message').textContent();

describe('artists in the browser', JOURNEY, () => {
  const name = `Browser Band ${Date.now()}`;
  const writer = `Quick Writer ${Date.now()}`;

  it('adds a band with a Spotify identifier (prefix prefilled) and a member created in the Add New Contributor modal', async () => {
    await page.goto(`${cloudUrl()}/user/artists/new`);
    await page.getByTestId('ref-field-name').fill(name);
    await page.getByTestId('ref-rows-artist_identifiers-add').click();
    await page.getByTestId('ref-rows-artist_identifiers-service-0').click();
    await page.getByRole('option', { name: 'Spotify', exact: true }).click();
    expect(await page.getByTestId('ref-rows-artist_identifiers-identifier-0').inputValue()).toBe('spotify:artist:');
    await page.getByTestId('ref-rows-artist_identifiers-identifier-0').fill('spotify:artist:4Z8W4fKeB5YxbusRsdQVPb');

    await page.getByTestId('ref-rows-artist_members-add').click();
    await page.getByTestId('ref-rows-artist_members-contributor_id-0-add-new').click();
    const modal = page.getByTestId('quick-add-contributors');
    await expect.poll(() => modal.textContent()).toContain('Add New Contributor');
    await modal.getByTestId('ref-field-name').fill(writer);
    await page.getByTestId('quick-add-contributors-save').click();
    await expect.poll(() => modal.count()).toBe(0);
    await page.getByTestId('ref-rows-artist_members-membership_type-0').click();
    await page.getByRole('option', { name: 'Main', exact: true }).click();

    await page.getByTestId('ref-submit').click();
    await expect.poll(notice).toContain('Artist Added');
    await page.waitForURL(`${cloudUrl()}/user/artists`);
    const found = await call('GET', `/api/v1/artists?q=${encodeURIComponent(name)}`, { token, company: company.id });
    expect(found.body.artists[0]).toMatchObject({
      artist_identifiers: [
        expect.objectContaining({ service: 'Spotify', link: 'https://open.spotify.com/artist/4Z8W4fKeB5YxbusRsdQVPb' }),
      ],
      artist_members: [
        expect.objectContaining({ membership_type: 'main', contributor: expect.objectContaining({ name: writer }) }),
      ],
    });
  });

  it('shows the identifier’s outbound link on the artist page', async () => {
    await page.getByTestId('ref-table-search').locator('input').fill(name);
    await page.getByRole('link', { name }).click();
    const link = page.getByTestId('ref-rows-artist_identifiers-table').getByRole('link');
    await expect.poll(() => link.getAttribute('href')).toBe('https://open.spotify.com/artist/4Z8W4fKeB5YxbusRsdQVPb');
    expect(errors).toEqual([]);
  });
});
