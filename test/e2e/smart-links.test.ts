import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudUrl } from '../support/api.js';
import { launchChromium, screenshotIfAsked, signedInManagerPage, watchErrors } from '../support/browser.js';
import { type OwnCompany, ownCompany } from '../support/own-company.js';
import { pickOption } from '../support/pick-option.js';

/**
 * Smart links in Chromium: a label’s settings saved and used by its next release; a smart link made from a
 * release, its store’s address entered, then opened by a fan (no sign-in) and clicked from its landing page:
 * the fan lands on the store and the click is counted on the link’s page.
 */
let browser: Browser;
let own: OwnCompany;
let label: { id: string; name: string };
let releaseTitle: string;

/** A fan’s everyday browser (a headless one is rightly taken for a bot and never counted). */
const FAN_BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** The characters a shown text breaks its lines after, read from where each character is drawn (none: one line). */
function lineBreaksAfter(element: Element): string[] {
  const drawn: { char: string; top: number }[] = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null)
    for (let i = 0; i < node.data.length; i += 1) {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      drawn.push({ char: node.data[i] as string, top: range.getBoundingClientRect().top });
    }
  return drawn.flatMap((at, i) => (i > 0 && at.top > (drawn[i - 1]?.top ?? 0) + 2 ? [drawn[i - 1]?.char ?? ''] : []));
}

beforeAll(async () => {
  browser = await launchChromium();
  own = await ownCompany('Smart links e2e');
  label = await own.label('Smart Journey Records');
  releaseTitle = `Journey EP ${Date.now()}`;
  const release = await own.api.post('/releases', { title: releaseTitle, upc: '036000291452', label_id: label.id });
  expect(release.status, JSON.stringify(release.body)).toBe(201);
});
afterAll(async () => {
  await browser?.close();
});

const managerPage = () => signedInManagerPage(browser, cloudUrl(), own.manager, { id: own.companyId, name: own.name });

describe('smart links', () => {
  it('saves a label’s settings, which its next release starts with', async () => {
    const { page, errors } = await managerPage();
    await page.goto(`${cloudUrl()}/user/labels/${label.id}/settings`);
    await page.getByTestId('label-default-c-line').locator('input').fill('Smart Journey Records Ltd');
    await page.getByTestId('label-settings-save').click();
    await expect.poll(() => page.locator('body').textContent()).toContain('Label settings saved');
    const made = await own.api.post('/releases', { title: 'Next single', label_id: label.id });
    expect((await own.api.get(`/releases/${made.body.release.id}`)).body.release.c_line).toBe(
      'Smart Journey Records Ltd',
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('makes a link from a release, and a fan’s click from its landing page reaches the store and is counted', async () => {
    const { page, errors } = await managerPage();
    await page.goto(`${cloudUrl()}/user/labels/tools/marketing/smart_url`);
    // None made yet: the list says how to make one.
    await expect
      .poll(() => page.getByTestId('smart-links-empty').textContent())
      .toBe('No smart links yet: choose a release above and Create smart link');
    await pickOption(page, 'smart-link-release', 'Journey', releaseTitle);
    await page.getByTestId('smart-link-create').click();
    await expect.poll(() => page.locator('body').textContent()).toContain('Smart link created');
    await expect.poll(() => page.getByTestId('smart-links').textContent()).toContain(releaseTitle);

    // The store’s own address (here a page of this site, as the test machine has no internet).
    const storeAddress = `${cloudUrl()}/faqs`;
    await page.getByLabel('Address', { exact: true }).first().fill(storeAddress);
    await page.getByTestId('smart-link-save').click();
    await expect.poll(() => page.locator('body').textContent()).toContain('Smart link updated');
    const link = (await own.api.get('/smart_links')).body.smart_links[0];
    expect(link.stores[0].url).toBe(storeAddress);

    const fan = await browser.newContext({ userAgent: FAN_BROWSER });
    const landing = await fan.newPage();
    const fanErrors = watchErrors(landing);
    await landing.goto(`${cloudUrl()}${link.path}`);
    await expect.poll(() => landing.getByTestId('smart-link-title').textContent()).toBe(releaseTitle);
    await screenshotIfAsked(landing, 'test-results/smart-link-landing.png', true);
    await landing.getByTestId(`store-${link.stores[0].key}`).click();
    await expect.poll(() => landing.url()).toBe(storeAddress);
    expect(fanErrors).toEqual([]);
    await fan.close();

    await expect.poll(async () => (await own.api.get(`/smart_links/${link.id}`)).body.analytics.clicks).toBe(1);
    await page.reload();
    await expect.poll(() => page.getByTestId('smart-link-clicks').textContent()).toBe('1');
    expect(await page.locator('body').textContent()).toContain(link.stores[0].name);
    expect(await page.locator('body').textContent()).toContain('036000291452');
    await screenshotIfAsked(page, 'test-results/smart-link-detail.png', true);
    // The address to share breaks its lines only after a slash, never inside a word, on a narrow window and a wide one.
    const address = page.getByTestId('smart-link-address');
    for (const width of [1000, 1400]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshotIfAsked(page, `test-results/smart-link-detail-${width}.png`);
      expect(await address.textContent()).toBe(`${new URL(cloudUrl()).origin}${link.path}`);
      expect((await address.evaluate(lineBreaksAfter)).filter((char) => char !== '/')).toEqual([]);
    }

    // From the list with none chosen, the link's title opens its page, as choosing its row does.
    await page.goto(`${cloudUrl()}/user/labels/tools/marketing/smart_url`);
    await page.getByTestId('smart-links').getByRole('link', { name: releaseTitle, exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('link')).toBe(link.id);
    await expect.poll(() => page.getByTestId('smart-link-clicks').textContent()).toBe('1');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lets a fan ask, with the box ticked, to be told on release day; the link’s page counts them', async () => {
    // Out in a week: still before release day for the sign-up, and nobody mailed yet, should the run cross midnight.
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const release = await own.api.post('/releases', {
      title: 'Pre-release Single',
      upc: '012345678905',
      label_id: label.id,
      release_date: inAWeek,
    });
    expect(release.status, JSON.stringify(release.body)).toBe(201);
    const link = (await own.api.post('/smart_links', { smart_link: { release_id: release.body.release.id } })).body
      .smart_link;

    const fan = await browser.newContext({ userAgent: FAN_BROWSER });
    const landing = await fan.newPage();
    const fanErrors = watchErrors(landing);
    await landing.goto(`${cloudUrl()}${link.path}`);
    await landing.getByTestId('notify-me-email').locator('input').fill('waiting.fan@example.test');
    // The box starts unticked, and sending without it is refused in words.
    expect(await landing.getByTestId('notify-me-consent').locator('input').isChecked()).toBe(false);
    await landing.getByTestId('notify-me-send').click();
    await expect
      .poll(() => landing.locator('body').textContent())
      .toContain('Tick the box to agree to be mailed when it is out');
    await landing.getByTestId('notify-me-consent').locator('input').check();
    await landing.getByTestId('notify-me-send').click();
    await expect.poll(() => landing.getByTestId('notify-me-done').textContent()).toContain('we will e-mail you');
    await screenshotIfAsked(landing, 'test-results/smart-link-notify-me.png', true);
    await fan.close();

    const { page, errors } = await managerPage();
    await page.goto(`${cloudUrl()}/user/labels/tools/marketing/smart_url?link=${link.id}`);
    await expect.poll(() => page.getByTestId('smart-link-fans').textContent()).toBe('1 (1 waiting)');
    // The marketing tools page leads to the pitches and the smart links.
    await page.goto(`${cloudUrl()}/user/labels/tools/marketing`);
    await expect.poll(() => page.getByTestId('marketing-tools').textContent()).toContain('Pitch an album or EP');
    expect(await page.getByTestId('marketing-tools').textContent()).toContain('Smart links');
    expect(fanErrors).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
