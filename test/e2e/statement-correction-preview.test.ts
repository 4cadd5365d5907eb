import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cloudUrl, inCompany } from '../support/api.js';
import { JOURNEY, openManagerSession, screenshotIfAsked } from '../support/browser.js';
import { importReport, payeeWithEarnings } from '../support/payee-earnings.js';
import { until } from '../support/wait.js';

/**
 * A correction previewed first, in Chromium: from a published statement's page, "Preview first" opens the new
 * version's run beside the version in force, figure by figure; Publish says which statement it corrects. The
 * late-lines notice's "State in a correction" asks the same way (preview first or publish now).
 */
let browser: Browser;
let page: Page;
let errors: string[];
let api: ReturnType<typeof inCompany>;
const stamp = Date.now();

beforeAll(async () => {
  const session = await openManagerSession('Correction preview journey');
  ({ browser, page, errors } = session);
  api = inCompany(session.token, session.company.id);
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

/**
 * A payee's statement of Jan–Feb 2024, published, then a line of Feb 2024 imported after it (late money). `payeeNo`
 * tells the cases' payees (and their recordings' ISRCs) apart.
 */
async function statementWithLateLine(tag: string, payeeNo: number) {
  const { payee, isrc } = await payeeWithEarnings(api, stamp + payeeNo, ['2024-01', '2024-02']);
  expect(
    (await api.post('/statements', { payee_id: payee.id, start_pay_period: '2024-01', end_pay_period: '2024-02' }))
      .status,
  ).toBe(201);
  const statement = await until(async () => {
    const [found] = (await api.get(`/statements?statementable_type=Payee&statementable_id=${payee.id}`)).body
      .statements as { id: string; number: string; queue_status: string }[];
    return found?.queue_status === 'published' ? found : undefined;
  }, 60_000);
  await importReport(api, `${tag}-${stamp}`, [
    'Store,Period,ISRC,Artist,Units,Net,Currency',
    `Deezer,2024-02,${isrc},Someone Else,5,1.25,GBP`,
  ]);
  return statement;
}

describe('a correction previewed in the browser', JOURNEY, () => {
  it("offers the late-lines notice's correction previewed first, as the statement's page does", async () => {
    const statement = await statementWithLateLine('late-notice', 1);
    await page.goto(`${cloudUrl()}/user/finances/statements`);
    const late = page.getByTestId('not-yet-stated').getByRole('listitem').filter({ hasText: statement.number });
    await late.waitFor({ timeout: 60_000 });
    await late.getByTestId('late-correct').click();
    // The statement page's New version dialog: nothing is made before a choice.
    const dialog = page.getByTestId('statement-new-version-modal');
    await expect.poll(() => dialog.innerText()).toContain('Preview first shows what the new version changes');
    expect(await dialog.getByTestId('statement-new-version-confirm').innerText()).toBe('Make a new version');
    await screenshotIfAsked(page, '/tmp/shots/late-lines-correction-modal.png');
    await dialog.getByTestId('statement-new-version-preview').click();
    const change = page.getByTestId('run-correction');
    await change.getByText(`Correction of ${statement.number}`).waitFor({ timeout: 60_000 });
    const royalties = change.getByRole('row').filter({ hasText: 'Royalties' });
    await expect.poll(() => royalties.innerText(), { timeout: 60_000 }).toMatch(/£1\.25/);
    // Previewed, not published: the statement is still the one in force.
    const stated = (await api.get(`/statements/${statement.id}`)).body.statement;
    expect(stated.superseded_by ?? null).toBeNull();
    expect(errors).toEqual([]);
  }, 240_000);

  it('shows what the new version changes before it is published, then publishes it', async () => {
    const statement = await statementWithLateLine('late-journey', 0);

    await page.goto(`${cloudUrl()}/user/finances/statements/${statement.id}`);
    await page.getByTestId('statement-new-version').click();
    await screenshotIfAsked(page, '/tmp/shots/correction-modal.png');
    await page.getByTestId('statement-new-version-preview').click();
    const change = page.getByTestId('run-correction');
    await change.getByText(`Correction of ${statement.number}`).waitFor({ timeout: 60_000 });
    const royalties = change.getByRole('row').filter({ hasText: 'Royalties' });
    await expect.poll(() => royalties.innerText(), { timeout: 60_000 }).toMatch(/£1\.25/);
    await screenshotIfAsked(page, '/tmp/shots/correction-preview.png', true);
    expect(await change.innerText()).toContain(`statement ${statement.number} (version 1) stays in force until then`);

    // Left unpublished, the statement's page says a new version is being previewed and leads back to it.
    await page.goto(`${cloudUrl()}/user/finances/statements/${statement.id}`);
    const pending = page.getByTestId('statement-pending-correction');
    await pending.getByText('Version 2 is being previewed').waitFor({ timeout: 30_000 });
    await pending.getByRole('link', { name: 'Check it and publish it' }).click();
    await page.getByTestId('run-publish').click();
    expect(await page.getByTestId('run-publish-consequence').innerText()).toContain(
      `Version 2 will be numbered and published, and statement ${statement.number} marked as corrected by it.`,
    );
    await page.getByTestId('run-publish-confirm').click();
    await page.getByTestId('run-published').waitFor({ timeout: 90_000 });
    await expect
      .poll(() => change.innerText())
      .toContain(`Version 2 replaced statement ${statement.number} (version 1).`);
    await screenshotIfAsked(page, '/tmp/shots/correction-published.png', true);
    // The recent runs name it as the correction it is.
    await page.getByTestId('statement-run-another').click();
    await expect
      .poll(() => page.getByTestId('statement-runs').innerText())
      .toContain(`Correction of ${statement.number}`);
    expect(errors).toEqual([]);
  }, 240_000);
});
