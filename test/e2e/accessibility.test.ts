import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { cloudUrl } from '../support/api.js';
import { axeViolations } from '../support/axe.js';
import { launchChromium, screenshotIfAsked, signedInManagerPage } from '../support/browser.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';

/**
 * The accessibility faults axe-core found on these pages, each checked where it was (and axe-core itself run on
 * them at the end): headings that skip a level
 * on the home page, the unnamed ✕ of a credit token in the recording form, and header commands that show an icon
 * only on a phone-sized screen and named nothing.
 */
let browser: Browser;
let company: OwnCompany;

beforeAll(async () => {
  company = await ownCompany('Accessible Records');
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

/** The names of the links and buttons under `root` that a screen reader would announce as nothing. */
const unnamed = (root: Locator) =>
  root.locator('a, button, [role="button"], [role="menuitem"]').evaluateAll((elements) =>
    elements
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .filter((el) => {
        const labelledBy = el.getAttribute('aria-labelledby');
        const byId = labelledBy ? document.getElementById(labelledBy)?.textContent?.trim() : '';
        return !(el.getAttribute('aria-label')?.trim() || byId || el.textContent?.trim() || el.getAttribute('title'));
      })
      .map((el) => el.outerHTML.slice(0, 120)),
  );

async function headingLevels(page: Page) {
  return page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((hs) => hs.map((h) => Number(h.tagName.slice(1))));
}

describe('accessibility', () => {
  it('the home page’s headings go down one level at a time', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${cloudUrl()}/`);
    await page.getByTestId('home-signin').waitFor();
    const levels = await headingLevels(page);
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => {
      if (i > 0) expect(level, `heading ${i} after h${levels[i - 1]}`).toBeLessThanOrEqual(levels[i - 1] + 1);
    });
    await page.close();
  });

  it('the ✕ of each credit in the recording form says what it removes', async () => {
    const { page, errors } = await signedInManagerPage(browser, cloudUrl(), company.manager, {
      id: company.companyId,
      name: company.name,
    });
    const writer = (await company.api.post('/contributors', { name: 'Accessible Writer' })).body.contributor;
    const recording = (
      await company.api.post('/recordings', {
        title: 'Accessible Song',
        contributor_recordings_attributes: [{ contributor_id: writer.id, roles: ['Composer', 'Lyricist'] }],
      })
    ).body.recording;
    await page.goto(`${cloudUrl()}/user/recordings/${recording.id}/edit`);
    await page.getByRole('button', { name: 'Remove Composer' }).waitFor();
    await page.getByRole('button', { name: 'Remove Lyricist' }).waitFor();
    expect(await unnamed(page.locator('main'))).toEqual([]);
    await screenshotIfAsked(page, '/tmp/accessibility-recording-form.png', true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('on a phone-sized screen every header command has a name', async () => {
    const { page } = await signedInManagerPage(browser, cloudUrl(), company.manager, {
      id: company.companyId,
      name: company.name,
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${cloudUrl()}/user`);
    await page.getByRole('button', { name: 'More' }).waitFor();
    await page.getByRole('button', { name: 'Current company' }).waitFor();
    expect(await unnamed(page.locator('header').first())).toEqual([]);
    await page.context().close();
  });

  it('axe-core finds nothing on the home page, the recording form and the dashboard at 390 px', async () => {
    const home = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await home.goto(`${cloudUrl()}/`);
    await home.getByTestId('home-signin').waitFor();
    expect(await axeViolations(home)).toEqual([]);
    await home.close();

    const recording = (await company.api.post('/recordings', { title: 'Checked Song' })).body.recording;
    const { page } = await signedInManagerPage(
      browser,
      cloudUrl(),
      company.manager,
      { id: company.companyId, name: company.name },
      `/user/recordings/${recording.id}/edit`,
    );
    await page.getByRole('button', { name: 'Save' }).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${cloudUrl()}/user`);
    await page.getByRole('button', { name: 'Current company' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('axe-core names a fault it finds, with the element, so the checks above cannot pass by finding nothing', async () => {
    const home = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await home.goto(`${cloudUrl()}/`);
    await home.getByTestId('home-signin').waitFor();
    // An image with no text alternative: a screen reader announces nothing for it (WCAG 1.1.1).
    await home.evaluate(() => {
      const image = document.createElement('img');
      image.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
      image.id = 'unnamed-image';
      (document.querySelector('main') ?? document.body).append(image);
    });
    expect(await axeViolations(home)).toEqual([expect.stringMatching(/^image-alt: <img [^>]*id="unnamed-image"/)]);
    await home.close();
  });
});
