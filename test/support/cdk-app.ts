import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App, type AppProps } from 'aws-cdk-lib';
import { afterAll } from 'vitest';

/** The folders the file's apps synthesized into, removed when the file is done. */
const outdirs: string[] = [];
afterAll(() => {
  for (const dir of outdirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * An app whose cloud assembly goes to a folder of its own that is removed after the file. Left to itself, CDK writes
 * each synth to a new `cdk.out…` folder in the temp folder and leaves it there: about 24 MB a synth, 300 MB a test run.
 */
export function testApp(props: AppProps = {}): App {
  const outdir = mkdtempSync(path.join(os.tmpdir(), 'cdk-test-'));
  outdirs.push(outdir);
  return new App({ ...props, outdir });
}

/**
 * An app for assertions on the synthesized template: the functions' code is not bundled, and CDK's built-in
 * CloudFormation validation is off. That validation starts a WebAssembly rule engine on each synth (about 4 s of CPU
 * the first time in a process, 30 s over the CDK files); one test (stack.test.ts, "synthesizes with no warning")
 * runs it on the whole stack with its warnings made errors, so the template is still checked by it.
 */
export const templateApp = (context: Record<string, unknown> = {}): App =>
  testApp({ builtinCloudFormationValidation: false, context: { skipBundling: true, ...context } });
