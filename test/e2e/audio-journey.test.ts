import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cloudUrl, inCompany } from '../support/api.js';
import { openManagerSession, JOURNEY } from '../support/browser.js';
import { writeSineWav } from '../support/wav.js';

/** Audio end to end in Chromium: upload a WAV on a recording, watch the progress, see the push arrive, play it. */
let browser: Browser;
let page: Page;
let errors: string[];
let dir: string;
let asManager: ReturnType<typeof inCompany>;

beforeAll(async () => {
  const session = await openManagerSession('Audio journey');
  ({ browser, page, errors } = session);
  asManager = inCompany(session.token, session.company.id);
  dir = mkdtempSync(path.join(os.tmpdir(), 'audio-e2e-'));
  const recording = (
    await inCompany(session.token, session.company.id).post('/recordings', {
      title: `Playable ${Date.now()}`,
      mix_title: 'Radio Edit',
    })
  ).body.recording;
  await page.goto(`${cloudUrl()}/user/recordings/${recording.id}`);
});

afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('recording audio in the browser', JOURNEY, () => {
  it('uploads a WAV with a progress bar and shows the processed audio without a reload', async () => {
    // No audio yet: no length is known, and the page says none ("-", as any field with no value), not 00:00:00.
    await expect.poll(() => page.getByTestId('ref-value-length').textContent()).toBe('-');
    const wav = path.join(dir, 'take-1.wav');
    writeSineWav(wav, { seconds: 4, amplitude: 0.5 });
    await page.locator('[data-testid="recording-audio-upload"] input[type=file]').setInputFiles(wav);
    await expect.poll(() => page.getByTestId('recording-audio-progress').getAttribute('data-percent')).toBe('100');
    await expect
      .poll(() => page.getByTestId('notification-message').textContent())
      .toMatch(/audio uploaded and processing\.$/);
    // The worker's push reloads the recording: the status turns ready and the waveform is drawn.
    await expect
      .poll(() => page.getByTestId('recording-audio-status').textContent(), { timeout: 30_000 })
      .toBe('Ready');
    await expect.poll(() => page.getByTestId('recording-waveform').getAttribute('data-peaks')).toBe('800');
    // The audio's duration is the recording's length now.
    await expect.poll(() => page.getByTestId('ref-value-length').textContent()).toBe('00:00:04');
  });

  it('plays it in the persistent player', async () => {
    expect(await page.getByTestId('audio-player').isHidden()).toBe(true);
    await page.getByTestId('recording-play').click();
    await expect.poll(() => page.getByTestId('player-track').textContent()).toContain('Radio Edit');
    await expect
      .poll(
        () =>
          page.getByTestId('audio-player-element').evaluate((a: HTMLAudioElement) => !a.paused && a.currentTime > 0),
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(await page.getByTestId('player-previous').count()).toBe(0);
    expect(await page.getByTestId('player-next').count()).toBe(0);
    // The player stays while moving to another page.
    await page.getByRole('link', { name: 'Releases' }).first().click();
    await expect.poll(() => page.getByTestId('player-track').textContent()).toContain('Playable');
    expect(errors).toEqual([]);
  });

  it('uploads two files from the release form one at a time; they join the release and queue from its page', async () => {
    const files = ['Side A', 'Side B'].map((name) => {
      const file = path.join(dir, `${name}.wav`);
      writeSineWav(file, { seconds: 2, amplitude: 0.4 });
      return file;
    });
    await page.goto(`${cloudUrl()}/user/releases/new`);
    await page.getByTestId('ref-field-title').fill(`Two Sides ${Date.now()}`);
    await page.locator('[data-testid="release-audio-upload"] input[type=file]').setInputFiles(files);
    await expect.poll(() => page.getByTestId('ref-rows-release_recordings-row-1').count()).toBe(1);
    expect(await page.getByTestId('ref-rows-release_recordings').textContent()).toContain('Side B');
    await page.getByTestId('ref-submit').click();
    await expect
      .poll(() => page.getByTestId('notification-message').textContent())
      .toContain('Release Successfully Added');
    await page.waitForURL(/\/edit$/);
    // The queue takes the recordings whose preview is ready at the click; on a slow machine the second file's
    // preview can still be in the audio worker, so wait for both before clicking.
    const releaseId = decodeURIComponent(page.url().split('/').at(-2) ?? '');
    const previewsReady = async () => {
      const rows = (await asManager.get(`/releases/${releaseId}`)).body.release.release_recordings as {
        recording_id: string;
      }[];
      const recordings = await Promise.all(rows.map((r) => asManager.get(`/recordings/${r.recording_id}`)));
      return recordings.filter((r) => r.body.recording?.audio?.preview_url).length;
    };
    await expect.poll(previewsReady, { timeout: 30_000 }).toBe(2);
    await page.goto(page.url().replace(/\/edit$/, ''));
    await page.getByTestId('release-queue').click();
    await expect.poll(() => page.getByTestId('player-queue').textContent()).toContain('Queue (2)'); // a full page load starts a new queue
    expect(await page.getByTestId('player-next').count()).toBe(1);
    expect(errors).toEqual([]);
  }, 60_000);

  it('leaves no recording behind when a release form with dropped audio is abandoned', async () => {
    const title = `Abandoned ${Date.now()}`;
    const file = path.join(dir, `${title}.wav`);
    writeSineWav(file, { seconds: 1, amplitude: 0.4 });
    await page.goto(`${cloudUrl()}/user/releases/new`);
    await page.locator('[data-testid="release-audio-upload"] input[type=file]').setInputFiles([file]);
    await expect.poll(() => page.getByTestId('ref-rows-release_recordings').textContent()).toContain(title);
    const made = async () =>
      ((await asManager.get(`/recordings?q=${encodeURIComponent(title)}`)).body.recordings as unknown[]).length;
    expect(await made()).toBe(1);
    // The user leaves without saving: the recording the form made goes with it.
    await page.getByTestId('ref-cancel').click();
    await page.getByTestId('ref-leave-confirm').click();
    await expect.poll(made).toBe(0);
    expect(errors).toEqual([]);
  }, 60_000);
});
