import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README is a map: every folder a reader can land in (the top-level folders, each area of
 * functions/, each area of web/src/pages/) has its own line there, and that line links to the docs
 * page that explains it. A page under docs/ that the README does not link is lost, so each one
 * must be linked. A link to a page not written yet is allowed (pages arrive with the branch that
 * builds what they describe); a link between docs pages must reach a page that exists.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');

/** The README's map: from its "## Map" heading to the next heading of the same level. */
function mapSection(): string {
  const start = readme.indexOf('\n## Map\n');
  expect(start, 'the README has a "## Map" section').toBeGreaterThanOrEqual(0);
  const next = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, next === -1 ? undefined : next);
}

const folders = (dir: string) =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** Top-level folders that are part of the repository (not git-ignored build output or state). */
function topLevelFolders(): string[] {
  const names = folders('.').filter((name) => name !== '.git');
  let ignored: string[] = [];
  try {
    ignored = execFileSync('git', ['check-ignore', ...names], { cwd: ROOT, encoding: 'utf8' }).split('\n');
  } catch (error) {
    // git check-ignore exits 1 when none of the names is ignored.
    if ((error as { status?: number }).status !== 1) throw error;
  }
  return names.filter((name) => !ignored.includes(name));
}

/** The map's line for a folder: a table row whose first cell is the folder in backticks, with a docs link. */
function mapLine(map: string, folder: string): string | undefined {
  return map.split('\n').find((line) => line.startsWith(`| \`${folder}/\` |`));
}

const DOCS_LINK = /\]\((docs\/[^)#\s]+\.md)(?:#[^)]*)?\)/g;

describe('README map', () => {
  it.each([
    ['functions/', () => folders('functions').map((name) => `functions/${name}`)],
    ['web/src/pages/', () => folders('web/src/pages').map((name) => `web/src/pages/${name}`)],
    ['the top level', () => topLevelFolders()],
  ])('has a line linking to its docs page for every folder of %s', (_, list) => {
    const map = mapSection();
    const folderList = list();
    expect(folderList.length).toBeGreaterThan(0);
    const missing = folderList.filter((folder) => !mapLine(map, folder));
    expect(missing, 'folders without a line in the README map').toEqual([]);
    const unlinked = folderList.filter((folder) => {
      const line = mapLine(map, folder) ?? '';
      return folder !== 'docs' && [...line.matchAll(DOCS_LINK)].length === 0;
    });
    expect(unlinked, 'map lines without a link to a docs page').toEqual([]);
  });

  it('links every page under docs/', () => {
    const linked = new Set([...readme.matchAll(DOCS_LINK)].map((match) => match[1]));
    const pages = readdirSync(path.join(ROOT, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`);
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.filter((page) => !linked.has(page))).toEqual([]);
  });

  it('stays short: the detail lives in the docs pages', () => {
    expect(readme.split('\n').length).toBeLessThan(400);
  });

  it('has no link from one docs page to another that does not exist', () => {
    const broken: string[] = [];
    for (const name of readdirSync(path.join(ROOT, 'docs')).filter((n) => n.endsWith('.md'))) {
      const text = readFileSync(path.join(ROOT, 'docs', name), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)#\s:]+\.md)(?:#[^)]*)?\)/g)) {
        if (!existsSync(path.join(ROOT, 'docs', target))) broken.push(`${name} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
