import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/** axe-core's browser build, read once: it is injected into each document it checks, once. */
let source: string | undefined;
const axeSource = () => {
  source ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return source;
};

/**
 * The axe-core violations on the page as it is now (WCAG 2 A and AA rules and axe's best practices), each as
 * "rule: the first offending element", so a failing test says what to fix.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // A page opened inside the app keeps its document, and with it the axe-core already injected (about half a
  // megabyte of script to parse again otherwise); a full load starts a new document without it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource() });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'best-practice'] },
      // Every rule still runs on every element; only the violations' elements are described in full. Left to
      // itself axe also works out a selector and the markup of every element that passed (most of the page): over
      // three app pages, four runs of each setting alternated on each page, a run took 241 ms against 275 ms.
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => `${v.id}: ${v.nodes[0]?.html.slice(0, 160) ?? ''}`);
  });
}
