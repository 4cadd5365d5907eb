import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cloudUrl, inCompany } from '../support/api.js';
import { JOURNEY, openManagerSession, screenshotIfAsked } from '../support/browser.js';
import { importReport, payeeWithEarnings } from '../support/payee-earnings.js';
import { until } from '../support/wait.js';

/**
 * A correction previewed first, in Chromium: from a published statement's page, "Preview first" opens the new
 * version's run beside the version in force, figure by figure; Publish says which statement it corrects.
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

describe('a correction previewed in the browser', JOURNEY, () => {
  it('shows what the new version changes before it is published, then publishes it', async () => {
    const { payee, isrc } = await payeeWithEarnings(api, stamp, ['2024-01', '2024-02']);
    expect(
      (await api.post('/statements', { payee_id: payee.id, start_pay_period: '2024-01', end_pay_period: '2024-02' }))
        .status,
    ).toBe(201);
    const statement = await until(async () => {
      const [found] = (await api.get(`/statements?statementable_type=Payee&statementable_id=${payee.id}`)).body
        .statements as { id: string; number: string; queue_status: string }[];
      return found?.queue_status === 'published' ? found : undefined;
    }, 60_000);
    await importReport(api, `late-journey-${stamp}`, [
      'Store,Period,ISRC,Artist,Units,Net,Currency',
      `Deezer,2024-02,${isrc},Someone Else,5,1.25,GBP`,
    ]);

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
