import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cloudUrl, uniqueEmail } from '../support/api.js';
import { axeViolations } from '../support/axe.js';
import { launchChromium, screenshotIfAsked, signedInManagerPage, watchErrors } from '../support/browser.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { probeAudio } from '../support/probe-audio.js';
import { seedPreviewAudio } from '../support/seeded-files.js';
import { until } from '../support/wait.js';
import { writeSineWav } from '../support/wav.js';

/**
 * A promo in the browser: a mail template made in the template designer and tried with a test send, a
 * mailing list from a CSV, a promo made from a release with that template, sent, opened from the outbox
 * without signing in, played, rated, downloaded as MP3 and WAV, all of it seen in the promo's analysis
 * and its PDF report for the artist.
 */
const stamp = Date.now();
const dj = uniqueEmail('promo-journey-dj');
const press = uniqueEmail('promo-journey-press');
/** The press address as first imported, with a typo the label fixes on the list's page. */
const pressTypo = press.replace('@', '-typo@');
const spare = uniqueEmail('promo-journey-spare');
const folder = mkdtempSync(path.join(tmpdir(), 'promos-journey-'));
let own: OwnCompany;
let browser: Browser;
let page: Page;
let errors: string[];
let releaseId: string;

beforeAll(async () => {
  own = await ownCompany('Promos journey');
  const wav = path.join(folder, 'preview.wav');
  writeSineWav(wav, { seconds: 2, amplitude: 0.3 });
  const recording = (await own.api.post('/recordings', { title: 'Journey Track' })).body.recording;
  // The same WAV as the preview and as the original upload (the page offers it as the WAV download).
  await seedPreviewAudio(own.companyId, recording.id, readFileSync(wav), 'audio/wav', readFileSync(wav));
  releaseId = (
    await own.api.post('/releases', {
      title: `Promo Journey EP ${stamp}`,
      label_id: (await own.label(`Journey Label ${stamp}`)).id,
      release_recordings_attributes: [{ recording_id: recording.id }],
    })
  ).body.release.id;
  browser = await launchChromium();
  ({ page } = await signedInManagerPage(browser, cloudUrl(), own.manager, { id: own.companyId, name: own.name }));
  errors = watchErrors(page);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('promos', () => {
  it('sends a promo to a list from a CSV; the recipient plays, rates and downloads; the label sees it and traces the file', async () => {
    await page.goto(`${cloudUrl()}/user/labels/promo_tools/mailing_lists`);
    await page.getByTestId('list-name').locator('input').fill('Journey DJs');
    await page.getByTestId('create-list').click();
    await page.getByRole('link', { name: 'Journey DJs' }).click();
    // The list's page leads back to all the lists.
    await expect
      .poll(() => page.getByTestId('mailing-list-back').getByRole('link').getAttribute('href'))
      .toBe('/user/labels/promo_tools/mailing_lists');
    // A new list says how to fill it.
    await expect
      .poll(() => page.getByTestId('list-members').innerText())
      .toContain('No members yet: add them above, one by one or from a CSV file');
    const csv = path.join(folder, 'members.csv');
    writeFileSync(
      csv,
      `email,name,role,country\n${dj},Dee Jay,dj,GB\n${pressTypo},Pat Press,press,FR\n${spare},Sam Spare,radio,\nnot-an-address,x,wizard,\n`,
    );
    await page.locator('[data-testid="members-csv"] input[type=file]').setInputFiles(csv);
    await page.getByTestId('upload-members').click();
    // Every problem of the bad row, each by row and column.
    await page.getByText('Row 5, column email: Email is not a valid address').waitFor();
    await page.getByText('Row 5, column role: Role must be DJ, press, radio or other').waitFor();
    const members = page.getByTestId('list-members');
    await members.getByText(dj).waitFor();
    expect(await members.innerText()).toContain('Press');
    expect(await members.innerText()).toContain('Not mailed yet');

    // One address's typo fixed and one person dropped, without importing the list again.
    await members.getByRole('button', { name: `Edit Pat Press (${pressTypo})` }).click();
    const editEmail = page.getByTestId('edit-member-email').locator('input');
    await editEmail.fill(dj);
    await page.getByTestId('save-member').click();
    // The address of another member is refused under the Email field, naming it.
    await page.getByTestId('edit-member-form').getByText(`Email ${dj} is already on this list`).waitFor();
    await screenshotIfAsked(page, '/tmp/mailing-list-edit-member.png');
    expect(await axeViolations(page), 'the member form, its error shown').toEqual([]);
    await editEmail.fill(press);
    await page.getByTestId('save-member').click();
    await page.getByText('Member Updated').waitFor();
    await members.getByText(press).waitFor();
    expect(await members.innerText()).not.toContain(pressTypo);
    await members.getByRole('button', { name: `Remove Sam Spare (${spare})` }).click();
    await page.getByTestId('remove-member-modal').getByText(`Remove Sam Spare (${spare}) from Journey DJs?`).waitFor();
    await page.getByTestId('confirm-remove-member').click();
    await page.getByText(`Sam Spare (${spare}) removed from the list`).waitFor();
    await expect.poll(() => members.innerText()).not.toContain(spare);
    await expect.poll(() => members.innerText()).toMatch(/Members\s*\(2\)/);

    // The label's own mail template: blocks, a preview from the API's renderer, a test send to oneself.
    await page.goto(`${cloudUrl()}/user/labels/promo_tools/template_designer`);
    await page.getByTestId('template-name').locator('input').fill('Journey template');
    await page.getByTestId('add-block').getByRole('button').click();
    await page.getByRole('menuitem', { name: 'Text' }).click();
    await page.getByTestId('template-block-4').locator('textarea').fill('See you on the floor, {name}.');
    await expect
      .poll(() => page.frameLocator('[data-testid="template-preview"]').locator('body').innerText())
      .toContain('See you on the floor, Alex.');
    await page.getByTestId('save-template').click();
    await page.getByText('Template Added').waitFor();
    await page.getByTestId('template-test-send').click();
    await page.getByText(`Test mail sent to ${own.manager.email}`).waitFor();
    const test = await until(async () =>
      (
        await call<{ mails: { to: string; html?: string }[] }>(
          'GET',
          `/_local/outbox?to=${encodeURIComponent(own.manager.email)}`,
        )
      ).body.mails.find((m) => m.to === own.manager.email),
    );
    expect(test.html).toContain('See you on the floor, Alex.');
    await screenshotIfAsked(page, '/tmp/promo-template-designer.png', true);

    await page.goto(`${cloudUrl()}/user/releases/${releaseId}/promos`);
    await page.getByTestId('new-promo').click();
    await page.getByTestId('promo-biog').locator('textarea').waitFor();
    expect(await page.getByTestId('promo-subject').locator('input').inputValue()).toContain('Promo Journey EP');
    await page.getByTestId('promo-biog').locator('textarea').fill('Made for the night.');
    await page.getByTestId('promo-access').getByRole('button').click();
    await page.getByRole('option', { name: 'Stream and download' }).click();
    await page.getByTestId('promo-template').getByRole('button').click();
    await page.getByRole('option', { name: 'Journey template' }).click();
    await page.getByTestId('save-promo').click();
    await page.getByText('Promo Updated').waitFor();
    await page.getByTestId('send-lists').getByRole('button').first().click();
    await page.getByRole('option', { name: /Journey DJs/ }).click();
    await page.keyboard.press('Escape');
    // A wrong address is named, whole, before anything is sent.
    const addresses = page.getByTestId('send-addresses').locator('textarea');
    await addresses.fill('bob at example');
    await page.getByTestId('send-promo').click();
    await page.getByText('“bob at example” is not an e-mail address').waitFor();
    await addresses.fill('');
    await page.getByTestId('send-promo').click();
    await page.getByText('Promo sending to 2 people').waitFor();
    // Sent: the panel starts again empty, so a second click sends nothing twice.
    await expect.poll(() => page.getByTestId('send-lists').innerText()).not.toContain('Journey DJs');

    // The recipient opens the link from the mail in the outbox, in a browser that is not signed in.
    const mail = await until(async () => {
      const mails = (await call<{ mails: { to: string; text: string; html?: string }[] }>('GET', '/_local/outbox')).body
        .mails;
      return mails.find((m) => m.to === dj);
    });
    // Sent with the label's template: its blocks, addressed to the DJ by name.
    expect(mail.html).toContain('See you on the floor, Dee Jay.');
    const link = /https?:\/\/\S+\/promo\/\S+/.exec(mail.text)?.[0] as string;
    const recipientPage = await browser.newPage();
    await recipientPage.goto(`${cloudUrl()}${new URL(link).pathname}`);
    // The recipient sees whose promo it is first.
    await expect.poll(() => recipientPage.getByTestId('promo-label').textContent()).toBe(`From Journey Label ${stamp}`);
    await recipientPage.getByText('Made for the night.').waitFor();
    // This release has no cover art: its words start where the title does, not beside an empty half of the page.
    const titleLeft = (await recipientPage.getByRole('heading', { level: 1 }).boundingBox())?.x;
    const wordsLeft = (await recipientPage.getByText('Made for the night.').boundingBox())?.x;
    expect(Math.abs((wordsLeft ?? -1000) - (titleLeft ?? 1000))).toBeLessThan(20);
    expect(await recipientPage.getByTestId('download-track').count()).toBe(0);
    // The player counts the play in the background: wait for it to be stored before the analysis is read.
    const played = recipientPage.waitForResponse((r) => r.url().endsWith('/plays') && r.request().method() === 'POST');
    await recipientPage.getByTestId('promo-player').evaluate((audio: HTMLAudioElement) => {
      audio.muted = true;
      return audio.play();
    });
    expect((await played).ok()).toBe(true);
    await recipientPage.getByTestId('feedback-rating').getByRole('button').click();
    await recipientPage.getByRole('option', { name: '4 / 5' }).click();
    await recipientPage.getByTestId('feedback-support').getByRole('button').click();
    await recipientPage.getByRole('option', { name: 'Will support' }).click();
    await recipientPage.getByTestId('feedback-comment').locator('textarea').fill('Big room weapon');
    await recipientPage.getByTestId('send-feedback').click();
    await recipientPage.getByText('Thank you for your feedback').waitFor();
    // The 320 kbps MP3 is made by the promo audio job beside the mailing; until it is, the page says the
    // download is being prepared (and takes none of the recipient's downloads): click again until it comes.
    let download: Download | undefined;
    await expect
      .poll(
        async () => {
          const coming = recipientPage.waitForEvent('download', { timeout: 3_000 }).catch(() => undefined);
          await recipientPage.getByTestId('download-track').click();
          download = await coming;
          return download !== undefined;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    if (!download) throw new Error('no MP3 download');
    expect(await download.failure()).toBeNull();
    // Saved under the track's name (its recording has no artist credited), never an id.
    expect(download.suggestedFilename()).toBe('Journey Track.mp3');
    const [wavDownload] = await Promise.all([
      recipientPage.waitForEvent('download'),
      recipientPage.getByTestId('download-wav').click(),
    ]);
    expect(wavDownload.suggestedFilename()).toBe('Journey Track.wav');
    const wavFile = path.join(folder, 'leaked.wav');
    await wavDownload.saveAs(wavFile);
    expect(readFileSync(wavFile).subarray(0, 4).toString('latin1')).toBe('RIFF');
    await screenshotIfAsked(recipientPage, '/tmp/promo-public-page.png', true);

    const promos = (await own.api.get(`/promos?release_id=${releaseId}`)).body.promos;
    // A reminder to the one who has not opened it (the press contact): asked first, then mailed to them only.
    // Followed up once sent (the panel offers it only then).
    await expect
      .poll(async () => (await own.api.get(`/promos/${promos[0].id}`)).body.promo.status, { timeout: 60_000 })
      .toBe('sent');
    await page.goto(`${cloudUrl()}/user/releases/${releaseId}/promos/${promos[0].id}`);
    const followUps = page.getByTestId('promo-follow-ups');
    await followUps.getByTestId('promo-follow-up').click();
    await expect.poll(() => page.getByRole('dialog').innerText()).toContain('Those who have not opened it get');
    await page.getByTestId('promo-follow-up-confirm').click();
    await page.getByText('Follow-up sending to 1 person').waitFor();
    const subjectsTo = async (to: string) =>
      (
        await call<{ mails: { to: string; subject: string }[] }>('GET', `/_local/outbox?to=${encodeURIComponent(to)}`)
      ).body.mails
        .filter((m) => m.to === to)
        .map((m) => m.subject);
    await expect.poll(() => subjectsTo(press), { timeout: 30_000 }).toHaveLength(2);
    expect((await subjectsTo(press)).filter((subject) => subject.startsWith('Reminder: '))).toHaveLength(1);
    expect(await subjectsTo(dj)).toHaveLength(1);
    await expect.poll(() => followUps.innerText()).toContain('to those who had not opened it');
    await screenshotIfAsked(page, '/tmp/promo-follow-up.png', true);
    await page.goto(`${cloudUrl()}/user/releases/${releaseId}/promos/${promos[0].id}/analysis`);
    const table = page.getByTestId('promo-recipients');
    await table.getByText('4 / 5').waitFor();
    // The analysis names the release it is a promo of, linking back to it.
    await expect
      .poll(() => page.getByTestId('parent-record-link').textContent())
      .toBe(`Release Promo Journey EP ${stamp}`);
    // The track titles come with the promo, read beside the recipients: wait for them too.
    await expect.poll(() => table.innerText()).toContain('Journey Track ×1');
    const text = await table.innerText();
    expect(text).toContain('Will support');
    expect(text).toContain('Big room weapon');
    expect(text).toContain('Delivered');
    // A recipient's name reads on one line, its address under it (not broken letter by letter beside it).
    const nameHeight = (await table.getByText('Dee Jay', { exact: true }).boundingBox())?.height ?? 0;
    expect(nameHeight).toBeGreaterThan(0);
    expect(nameHeight).toBeLessThan(30);
    await screenshotIfAsked(page, '/tmp/promo-analysis.png', true);
    // The artist's report: the button asks for it and is handed its link (its pages: promo-templates.test.ts).
    // The page then goes to the link (the browser takes the PDF as a download): that navigation is waited for to
    // end, else it can abort the next page.goto, as it did in full runs.
    const [report, opened] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/report_pdf')),
      page.waitForRequest((r) => r.isNavigationRequest() && r.url().includes('report')),
      page.getByTestId('promo-report').click(),
    ]);
    expect(report.ok()).toBe(true);
    await opened.response();
    // Back on the list, each member who was mailed shows the promo and the day.
    await page.goto(`${cloudUrl()}/user/labels/promo_tools/mailing_lists`);
    await page.getByRole('link', { name: 'Journey DJs' }).click();
    await expect.poll(() => members.innerText()).toContain(`${promos[0].title}, `);
    await expect.poll(() => members.innerText()).not.toContain('Not mailed yet');
    await screenshotIfAsked(page, '/tmp/mailing-list-members.png', true);

    // The downloaded file, dropped on "Whose file is this?", names the DJ it was made for.
    const leaked = path.join(folder, 'leaked.mp3');
    await download.saveAs(leaked);
    expect(probeAudio(leaked)).toMatch(/^mp3\b.* 320 kb\/s/);
    await page.goto(`${cloudUrl()}/user/labels/promo_tools`);
    await page.locator('[data-testid="whose-file"] input[type=file]').setInputFiles(leaked);
    const answer = page.getByTestId('whose-file-answer');
    await answer.waitFor();
    expect(await answer.innerText()).toContain(`This is the file made for ${dj}.`);
    // So does the WAV: its recipient is named in its INFO chunk and its hash was recorded.
    await page.locator('[data-testid="whose-file"] input[type=file]').setInputFiles(wavFile);
    await expect.poll(() => answer.innerText()).toContain(`This is the file made for ${dj}.`);
    expect(errors).toEqual([]);
    // A longer journey than most: the template designer, the send, the recipient's page, the analysis and the report.
  }, 120_000);
});
