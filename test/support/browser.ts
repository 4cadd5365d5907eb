import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { STORAGE_KEYS } from '../../web/src/app/session-rules.js';
import { call, cloudUrl, cognitoTokens, demo, labelManager } from './api.js';
import { CHROMIUM_FLAGS, chromiumExecutable } from './chromium.js';
import { ownLabelManager } from './own-company.js';

/**
 * The suite option of a browser journey: its tests are one user's steps in one page (sign in, create, then find what
 * was made …), each starting where the last one left the page, so they run in the written order even when a run
 * shuffles the tests inside files (`vitest --sequence.shuffle`). Which file ran before must still not matter, and a
 * journey makes its own company, users and data like any other file.
 */
export const JOURNEY = { shuffle: false } as const;

let shared: Promise<Browser> | undefined;

/**
 * Chromium for one test file: the system's, or the packaged one when the machine has none (see
 * `chromiumExecutable`). A test worker runs many files one after the other and keeps its modules,
 * so it keeps one Chromium too (starting one took seconds a file); each file gets a handle whose
 * `close` closes only the pages and contexts that file opened. Each page or context has its own
 * cookies and storage, so a file never sees another's session. A Chromium that went away is
 * started again.
 */
export async function launchChromium(): Promise<Browser> {
  let browser = await shared?.catch(() => undefined);
  if (!browser?.isConnected()) {
    shared = chromium.launch({ executablePath: (await chromiumExecutable()).path, args: CHROMIUM_FLAGS });
    browser = await shared;
  }
  return fileHandle(browser);
}

/**
 * Pages ask for reduced motion (as a user may): Cloudscape then skips its transitions, so a click
 * does not wait for an element to stop moving. What the tests read is the same either way.
 */
function stillMotion(options: BrowserContextOptions = {}): BrowserContextOptions {
  return { reducedMotion: 'reduce', ...options };
}

/** The shared Chromium as one file sees it: what it opens is closed by its `close`, and nothing else. */
function fileHandle(browser: Browser): Browser {
  const opened: { close(): Promise<void> }[] = [];
  const track = <T extends { close(): Promise<void> }>(made: T) => {
    opened.push(made);
    return made;
  };
  return new Proxy(browser, {
    get(target, property) {
      if (property === 'newPage')
        return async (options?: BrowserContextOptions) => track(await target.newPage(stillMotion(options)));
      if (property === 'newContext')
        return async (options?: BrowserContextOptions) => track(await target.newContext(stillMotion(options)));
      if (property === 'close')
        return async () => {
          await Promise.all(opened.splice(0).map((made) => made.close().catch(() => undefined)));
        };
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Collects uncaught page errors so a test can assert the app did not crash. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

export async function signInThroughForm(page: Page, base: string, email: string, password: string, path = '/signin') {
  await page.goto(`${base}${path}`);
  const fields = [
    { input: page.getByTestId('signin-email'), value: email },
    { input: page.getByTestId('signin-password'), value: password },
  ];
  // What was typed can be lost when the form is drawn again while the page finishes loading (on a slow machine);
  // then the click sent an empty form and the page stayed on "Sign in". So the fields are read back and typed
  // again until both hold the text, right before the click.
  const typed = async () => {
    for (const { input, value } of fields) if ((await input.inputValue()) !== value) await input.fill(value);
    for (const { input, value } of fields) if ((await input.inputValue()) !== value) return false;
    return true;
  };
  // A loop rather than expect.poll: some files sign in from their beforeAll, outside any test.
  const deadline = Date.now() + 15_000;
  while (!(await typed())) {
    if (Date.now() > deadline) throw new Error('The sign-in form did not keep what was typed into it');
    await page.waitForTimeout(100);
  }
  await page.getByTestId('signin-submit').click();
}

/**
 * A page already signed in as `user`, opened at `path`: the tokens come from the same Cognito
 * sign-in the form makes and are put where the SPA keeps them, so the page starts as a returning
 * user's would (the form itself is tested by the files that test signing in). With `company`, it is
 * the current company, as if chosen in the header.
 */
export async function signedInPage(
  browser: Browser,
  base: string,
  user: { email: string; password: string },
  options: { company?: { id: string; name: string }; path?: string; viewport?: { width: number; height: number } } = {},
) {
  const tokens = await cognitoTokens(user.email, user.password);
  const username = user.email.trim().toLowerCase();
  const client = `CognitoIdentityServiceProvider.${inject('userPoolClientId')}`;
  const localStorage = [
    { name: `${client}.LastAuthUser`, value: username },
    { name: `${client}.${username}.accessToken`, value: tokens.AccessToken },
    { name: `${client}.${username}.idToken`, value: tokens.IdToken },
    { name: `${client}.${username}.refreshToken`, value: tokens.RefreshToken },
    { name: `${client}.${username}.clockDrift`, value: '0' },
    { name: STORAGE_KEYS.loginAt, value: String(Date.now()) },
  ];
  if (options.company) {
    const token = tokens.AccessToken;
    const me = (await call('GET', '/api/v1/me', { token })).body.user;
    // A member's company as GET /me lists it; an admin may choose any company, as the admin list shows it.
    const chosen =
      me.companies.find((company: { id: string }) => company.id === options.company?.id) ??
      (await call('GET', `/api/v1/admin/companies/${options.company.id}`, { token })).body.company;
    localStorage.push({ name: STORAGE_KEYS.company(me.id), value: JSON.stringify(chosen) });
  }
  const page = await browser.newPage({
    viewport: options.viewport ?? { width: 1400, height: 1000 },
    storageState: { cookies: [], origins: [{ origin: new URL(base).origin, localStorage }] },
  });
  const errors = watchErrors(page);
  await page.goto(`${base}${options.path ?? '/user'}`);
  // Signed in: the header offers the dashboard (and names the company, when one was given).
  await page.getByRole('link', { name: 'Dashboard', exact: true }).first().waitFor();
  if (options.company)
    await page.getByTestId('header-company-link').filter({ hasText: options.company.name }).waitFor();
  return { page, errors };
}

/**
 * A page signed in as an admin, at `path` (/user unless given), with its uncaught errors collected. A test that
 * works on another page opens it here: each full load of the app costs the browser seconds of CPU.
 */
export async function signedInAdminPage(
  browser: Browser,
  base: string,
  admin: { email: string; password: string },
  {
    viewport = { width: 1400, height: 900 },
    path,
  }: { viewport?: { width: number; height: number }; path?: string } = {},
) {
  return signedInPage(browser, base, admin, { viewport, path });
}

/** A page signed in as a label manager with `company` as the current company, at `path` (/user unless given). */
export async function signedInManagerPage(
  browser: Browser,
  base: string,
  manager: { email: string; password: string },
  company: { id: string; name: string },
  path?: string,
) {
  return signedInPage(browser, base, manager, { company, path });
}

/**
 * Chromium with a label manager signed in and their distributed company chosen, for catalogue
 * journeys. Given a name, the manager is brand-new with companies of the calling file's own (see
 * ownLabelManager); without one it is the demo label manager, for the files not yet moved off the demo.
 */
export async function openManagerSession(name?: string) {
  const manager = name ? await ownLabelManager(name) : { ...(await labelManager()), ...demo.labelManager };
  const browser = await launchChromium();
  const { page, errors } = await signedInManagerPage(browser, cloudUrl(), manager, manager.distributed);
  return { browser, page, errors, company: manager.distributed, token: manager.token };
}

/**
 * Saves a screenshot for a person to look at, only when `E2E_SCREENSHOTS=1` asks for them (a full-page
 * screenshot costs the browser most of a second, and `npm test` asserts on the page, not on pictures).
 */
export async function screenshotIfAsked(page: Page, path: string, fullPage = false) {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path, fullPage });
}

/**
 * The parts of the page that scroll sideways (a table too wide for it), as "tag.class scrollWidth>clientWidth": a
 * page should fit its width, so a test expects none.
 */
export async function sidewaysScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('*')]
      .filter(
        (el) => el.scrollWidth > el.clientWidth + 2 && ['auto', 'scroll'].includes(getComputedStyle(el).overflowX),
      )
      .map(
        (el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} ${el.scrollWidth}>${el.clientWidth}`,
      ),
  );
}
