import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { sidewaysScrollers } from './browser.js';

/**
 * What a person would find wrong on a page of the app, for the walks that open every page of an area: each check
 * answers "path: fault" lines, none when the page is right.
 */

const ULID = /\b[0-9A-HJKMNP-TV-Z]{26}\b/;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i;
/** A day as stored ("2027-02-05"): every page writes a day as "5th Feb 2027". */
const STORED_DAY = /\b\d{4}[-/]\d{2}[-/]\d{2}\b/;
/** A day in another order than "5th Feb 2027": "5 Feb 2027", "Feb 5, 2027", "05/02/2027". */
const OTHER_DAY =
  /\b\d{1,2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{4}\b|\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{1,2}(?:st|nd|rd|th)?,? \d{4}\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/;
/** A period picker names its range as typed (YYYY-MM-DD – YYYY-MM-DD), the one place a day is shown so. */
const PERIOD_PICKER = /\d{4}-\d{2}-\d{2} – \d{4}-\d{2}-\d{2}/g;
const PLACEHOLDER = /coming soon|not built yet|lorem ipsum/i;
const ENGINE_TEXT = /\b(undefined|NaN|null|\[object Object\]|Invalid date|TypeError|Internal Server Error)\b/;
/**
 * An amount with its currency's sign: on screen every one has two decimals ("£1,234.50"), a chart's axis shortening
 * thousands and millions ("£1.5k", "$2M").
 */
const MONEY = /[£$€¥]\s?-?\d[\d,]*(?:\.\d+)?[kM]?/g;
const TO_THE_CENT = /\.\d{2}$|\d[kM]$/;
/** A stored name or enum value ("artist_unpaid", "payment_method"). */
const SNAKE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/;
/**
 * Words that are the user's own whatever their underscores: an e-mail or web address, a file's name, and a template's
 * merge fields ("{release_date}"), which the user types into the template as they are shown.
 */
const OWN_WORDS = /[@/]|www\.|\.(?:com|org|net|io|test|example|csv|pdf|wav|xlsx?)\b|\{[a-z0-9_]+\}/;

/**
 * The words of the page's main part (the whole page when it has none), as a reader sees them. A statement's control
 * figures (marked data-exact-money) are to the millionth on purpose, as the statement's CSV adds its lines up.
 */
async function shownText(page: Page): Promise<string> {
  const text = await page.evaluate(() => {
    const all = (document.querySelector('main') ?? document.body) as HTMLElement;
    const exact = [...all.querySelectorAll<HTMLElement>('[data-exact-money]')].map((e) => e.innerText);
    return exact.reduce((left, words) => left.replace(words, ''), all.innerText);
  });
  return text.replace(PERIOD_PICKER, '');
}

/**
 * What `pageText` (the words a reader sees) shows that it should not, each as "shows … (…)": an internal id, a day not
 * written as "5th Feb 2027" (a period picker's range aside), a stored name or enum value, engine text or a placeholder,
 * an amount without its two decimals.
 */
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
  const stored = text
    .split(/[\s,;:()"'“”‘’]+/)
    .filter((word) => !OWN_WORDS.test(word))
    .map((word) => word.replace(/[.!?]+$/, ''))
    .find((word) => SNAKE.test(word));
  if (stored) found.push(`shows a stored value ("${stored}")`);
  const amount = [...text.matchAll(MONEY)].map((m) => m[0]).find((shown) => !TO_THE_CENT.test(shown));
  if (amount) found.push(`shows an amount without two decimals ("${amount}")`);
  return found;
}

/** What the page shows now that a reader should not see (`shownFaults`), each as "path: fault". */
export async function pageFaults(page: Page, path: string): Promise<string[]> {
  return shownFaults(await shownText(page)).map((fault) => `${path}: ${fault}`);
}

/**
 * The page's parts that scroll sideways (a table too wide for the window), and the page itself when it does, each as
 * "path: scrolls sideways (…)".
 */
export async function sidewaysFaults(page: Page, path: string): Promise<string[]> {
  const found = (await sidewaysScrollers(page)).map((scroller) => `${path}: scrolls sideways (${scroller})`);
  const [pageWidth, windowWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  if (pageWidth > windowWidth + 2) found.push(`${path}: the page scrolls sideways (${pageWidth}>${windowWidth})`);
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
