import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { sidewaysScrollers } from './browser.js';

/**
 * What the walks of an area (every page opened with data of the file's own) find wrong on a page: what a user should
 * never read there, and a table or page wider than the window.
 */
const ULID = /\b[0-9A-HJKMNP-TV-Z]{26}\b/;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i;
const STORED_DAY = /\b\d{4}-\d{2}-\d{2}\b/;
/** A day in another order than "5th Feb 2027": "5 Feb 2027", "Feb 5, 2027", "05/02/2027". */
const OTHER_DAY =
  /\b\d{1,2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{4}\b|\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{1,2}(?:st|nd|rd|th)?,? \d{4}\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/;
/** A period picker names its days as typed (YYYY-MM-DD), the one place a day is shown so. */
const PERIOD_PICKER = /\d{4}-\d{2}-\d{2} – \d{4}-\d{2}-\d{2}/g;
const PLACEHOLDER = /coming soon|not built yet|lorem ipsum/i;
const ENGINE_TEXT = /\b(undefined|NaN|null|\[object Object\]|Invalid date|TypeError|Internal Server Error)\b/;
const SNAKE_CASE = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/;

/**
 * A value as stored (snake_case) among the page's words. Left out: addresses (an e-mail address or a web link may hold
 * an underscore and is shown as its owner typed it) and a template's merge fields ("{release_date}"), which the user
 * types into the template as they are shown.
 */
function storedValue(text: string): string | undefined {
  for (const word of text.split(/\s+/)) {
    if (/[@/]|www\.|\.(?:com|org|net|io|test|example)\b|\{[a-z0-9_]+\}/.test(word)) continue;
    const match = SNAKE_CASE.exec(word);
    if (match) return match[0];
  }
  return undefined;
}

/** What the text a user reads shows that it should not, each as "shows … ("what")". */
export function shownFaults(pageText: string): string[] {
  const text = pageText.replace(PERIOD_PICKER, '');
  const found: string[] = [];
  for (const [what, pattern] of [
    ['an internal id', ULID],
    ['an internal id', UUID],
    ['a day as stored', STORED_DAY],
    ['a day written otherwise than "5th Feb 2027"', OTHER_DAY],
    ['a placeholder', PLACEHOLDER],
    ['engine text', ENGINE_TEXT],
  ] as const) {
    const match = pattern.exec(text);
    if (match) found.push(`shows ${what} ("${match[0]}")`);
  }
  const stored = storedValue(text);
  if (stored) found.push(`shows a stored value ("${stored}")`);
  return found;
}

/**
 * What a user would find wrong on the page now, each as "path: fault": the words of its main part (the side menu and
 * header are the shell's), and every part of it that scrolls sideways, the page itself included, unless `wideOk`.
 * Input fields' values are not in the text read, so a date picker's typed day is not taken for a fault.
 */
export async function pageFaults(page: Page, path: string, { wideOk = false } = {}): Promise<string[]> {
  const text = await page.evaluate(() => document.querySelector('main')?.innerText ?? document.body.innerText);
  const found = shownFaults(text).map((fault) => `${path}: ${fault}`);
  if (wideOk) return found;
  for (const scroller of await sidewaysScrollers(page)) found.push(`${path}: scrolls sideways (${scroller})`);
  const pageWidth = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  if (pageWidth[0] > pageWidth[1] + 2)
    found.push(`${path}: the page scrolls sideways (${pageWidth[0]}>${pageWidth[1]})`);
  return found;
}

/** A page is ready when it shows a heading and nothing on it still loads; else why not, as "path: why". */
export async function pageReady(page: Page, path: string): Promise<string | null> {
  try {
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const before = (window as { walkSeenHeadings?: WeakSet<Element> }).walkSeenHeadings;
            if (
              ![...document.querySelectorAll('h1')].some(
                (h) => (h as HTMLElement).offsetParent !== null && !before?.has(h),
              )
            )
              return 'no heading yet';
            if (document.querySelector('.route-loading')) return 'route loading';
            if (document.querySelector('[class*="awsui_circle-left"]')) return 'spinner';
            const text = [...document.body.children]
              .filter((e) => e.checkVisibility() && !e.matches('[class*="awsui_announcer"]'))
              .map((e) => (e as HTMLElement).innerText)
              .join('\n');
            return /\bLoading\b/.test(text) ? 'loading' : 'ready';
          }),
        { message: `${path} did not finish loading`, timeout: 30_000 },
      )
      .toBe('ready');
    return null;
  } catch (error) {
    return `${path}: ${(error as Error).message.split('\n')[0]}`;
  }
}

/** An address with no page: the app shows "Page not found" there, inside the same shell. */
const NO_PAGE = '/walk-between-pages';

/**
 * Opens `path` inside the app, as following a menu link does (React Router's own history entry, the page scrolled to
 * its top): the bundle, the sign-in and the config stay loaded, where a full load of every page cost most of a
 * walk's CPU. React keeps a page's elements when the next route shows the same component, so the walk passes
 * through "Page not found" first (`settle` waits for it): the page checked is then always mounted afresh, as a full
 * load would show it, and its heading is an element the page before did not have.
 */
export async function openInApp(page: Page, path: string, settle: (page: Page, path: string) => Promise<unknown>) {
  await followInApp(page, NO_PAGE);
  await settle(page, `${NO_PAGE} (between two pages)`);
  await followInApp(page, path);
}

/** Moves the app to `address` through the browser history, after remembering the headings the page shows now. */
async function followInApp(page: Page, address: string) {
  await page.evaluate((to) => {
    (window as { walkSeenHeadings?: WeakSet<Element> }).walkSeenHeadings = new WeakSet(document.querySelectorAll('h1'));
    window.scrollTo(0, 0);
    const index = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: index }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, address);
}
