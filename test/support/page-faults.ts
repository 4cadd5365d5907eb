import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { sidewaysScrollers } from './browser.js';

/**
 * What a person would find wrong on a page of the app, for the walks that open every page of an area: each check
 * answers "path: fault" lines, none when the page is right.
 */

const ULID = /\b[0-9A-HJKMNP-TV-Z]{26}\b/;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i;
/** A day as stored or typed: every page writes a day as "5th Feb 2027". */
const STORED_DAY = /\b\d{4}[-/]\d{2}[-/]\d{2}\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/;
/** A day as other tools write one ("Feb 5, 2027"). */
const OTHER_DAY = /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{1,2}, \d{4}\b/;
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
 * What the page shows that a reader should not see: an internal id, a day not written as "5th Feb 2027", a stored
 * name or enum value, engine text or a placeholder, an amount without its two decimals. Each as "path: fault".
 */
export async function pageFaults(page: Page, path: string): Promise<string[]> {
  const text = await shownText(page);
  const found: string[] = [];
  for (const [what, pattern] of [
    ['an internal id', ULID],
    ['an internal id', UUID],
    ['a day not written as "5th Feb 2027"', STORED_DAY],
    ['a day not written as "5th Feb 2027"', OTHER_DAY],
    ['a placeholder', PLACEHOLDER],
    ['engine text', ENGINE_TEXT],
  ] as const) {
    const match = pattern.exec(text);
    if (match) found.push(`${path}: shows ${what} ("${match[0]}")`);
  }
  // Words of an e-mail address, a web address or a file's name are the user's own, whatever their underscores.
  const stored = text
    .split(/[\s,;:()"'“”‘’]+/)
    .map((word) => word.replace(/[.!?]+$/, ''))
    .find((word) => SNAKE.test(word));
  if (stored) found.push(`${path}: shows a stored value ("${stored}")`);
  const amount = [...text.matchAll(MONEY)].map((m) => m[0]).find((shown) => !TO_THE_CENT.test(shown));
  if (amount) found.push(`${path}: shows an amount without two decimals ("${amount}")`);
  return found;
}

/** The page's parts that scroll sideways (a table too wide for the window), each as "path: scrolls sideways (…)". */
export async function sidewaysFaults(page: Page, path: string): Promise<string[]> {
  return (await sidewaysScrollers(page)).map((scroller) => `${path}: scrolls sideways (${scroller})`);
}

/** Null once the page shows a heading and nothing on it still loads; else why not, as "path: …". */
export async function pageReady(page: Page, path: string): Promise<string | null> {
  try {
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            if (![...document.querySelectorAll('h1')].some((h) => (h as HTMLElement).offsetParent !== null))
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
