import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isDevelopmentBuild } from '../../infra/local/web-build.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dist(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  made.push(dir);
  mkdirSync(path.join(dir, 'assets'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, 'assets', name), text);
  return dir;
}

describe('a built SPA', () => {
  it('is a development build when a script calls React’s jsxDEV, and is rebuilt', () => {
    expect(isDevelopmentBuild(dist({ 'index.js': 'a(jsx("div"))', 'page.js': 'b(jsxDEV("p", {}))' }))).toBe(true);
  });

  it('is a production build when no script does (styles are not read)', () => {
    expect(isDevelopmentBuild(dist({ 'index.js': 'a(jsx("div"))', 'x.css': '.jsxDEV{}' }))).toBe(false);
  });
});
