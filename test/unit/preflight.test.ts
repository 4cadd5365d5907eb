import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { javaProblem, nodeProblem } from '../../infra/local/preflight.js';

/** `npm start` and the tests' global setup say clearly what the machine lacks. */
let bin: string;

/** A `java` that prints the given `-version` banner, on a PATH of its own. */
function fakeJava(banner: string): string {
  const dir = mkdtempSync(path.join(bin, 'java-'));
  writeFileSync(path.join(dir, 'java'), `#!/bin/sh\necho '${banner}' >&2\n`);
  chmodSync(path.join(dir, 'java'), 0o755);
  return dir;
}

beforeAll(() => {
  bin = mkdtempSync(path.join(os.tmpdir(), 'preflight-'));
});
afterAll(() => rmSync(bin, { recursive: true, force: true }));

describe('machine preflight', () => {
  it('says Java 17 is needed when there is no java on the PATH', () => {
    expect(javaProblem({ PATH: path.join(bin, 'empty') })).toBe(
      'Java 17 or newer is needed for DynamoDB Local and was not found on the PATH. Install it (Debian: apt-get install -y openjdk-17-jdk-headless).',
    );
  });

  it('names an old Java, in either version style', () => {
    expect(javaProblem({ PATH: fakeJava('openjdk version "11.0.22" 2024-01-16') })).toBe(
      'Java 17 or newer is needed for DynamoDB Local (found Java 11).',
    );
    expect(javaProblem({ PATH: fakeJava('java version "1.8.0_402"') })).toBe(
      'Java 17 or newer is needed for DynamoDB Local (found Java 8).',
    );
    expect(javaProblem({ PATH: fakeJava('openjdk version "17.0.15" 2025-04-15') })).toBeUndefined();
    expect(javaProblem({ PATH: fakeJava('openjdk version "25" 2025-09-16') })).toBeUndefined();
  });

  it('names a Node.js older than 20.19', () => {
    expect(nodeProblem('20.18.3')).toBe('Node.js 20.19 or newer is needed (this is 20.18.3).');
    expect(nodeProblem('18.20.0')).toBe('Node.js 20.19 or newer is needed (this is 18.20.0).');
    expect(nodeProblem('20.19.0')).toBeUndefined();
    expect(nodeProblem('22.1.0')).toBeUndefined();
  });
});
