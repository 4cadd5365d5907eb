import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, chromiumExecutable } from './chromium.js';

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
        return async (...args: Parameters<Browser['newPage']>) => track(await target.newPage(...args));
      if (property === 'newContext')
        return async (...args: Parameters<Browser['newContext']>) => track(await target.newContext(...args));
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
  await page.getByTestId('signin-email').fill(email);
  await page.getByTestId('signin-password').fill(password);
  await page.getByTestId('signin-submit').click();
}

/** A page signed in through the form as the demo admin, at /user, with its uncaught errors collected. */
export async function signedInAdminPage(
  browser: Browser,
  base: string,
  admin: { email: string; password: string },
  viewport = { width: 1400, height: 900 },
) {
  const page = await browser.newPage({ viewport });
  const errors = watchErrors(page);
  await signInThroughForm(page, base, admin.email, admin.password);
  await page.waitForURL('**/user');
  return { page, errors };
}

/** A page signed in as the demo label manager with a current company chosen through the header. */
export async function signedInManagerPage(
  browser: Browser,
  base: string,
  manager: { email: string; password: string },
  company: { id: string; name: string },
) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const errors = watchErrors(page);
  await signInThroughForm(page, base, manager.email, manager.password);
  await page.waitForURL('**/user');
  await page.getByTestId('header-set-company').click();
  await page.getByTestId(`company-choose-${company.id}`).click();
  await page.getByTestId('header-company-link').filter({ hasText: company.name }).waitFor();
  return { page, errors };
}

/**
 * Chromium with a label manager signed in and their distributed company chosen, for catalogue
 * journeys. Given a name, the manager is brand-new with companies of the calling file's own (see
 * ownLabelManager); without one it is the demo label manager, for the files not yet moved off the demo.
 */
export async function openManagerSession(name?: string) {
  const { cloudUrl, demo, labelManager } = await import('./api.js');
  const { ownLabelManager } = await import('./own-company.js');
  const manager = name ? await ownLabelManager(name) : { ...(await labelManager()), ...demo.labelManager };
  const browser = await launchChromium();
  const { page, errors } = await signedInManagerPage(browser, cloudUrl(), manager, manager.distributed);
  return { browser, page, errors, company: manager.distributed, token: manager.token };
}
