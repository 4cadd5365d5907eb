import { App } from 'aws-cdk-lib';

/**
 * An app for assertions on the synthesized template: the functions' code is not bundled, and CDK's built-in
 * CloudFormation validation is off. That validation starts a WebAssembly rule engine on each synth (about 4 s of CPU
 * the first time in a process, 30 s over the CDK files); one test (stack.test.ts, "synthesizes with no warning")
 * runs it on the whole stack with its warnings made errors, so the template is still checked by it.
 */
export const templateApp = (context: Record<string, unknown> = {}): App =>
  new App({ builtinCloudFormationValidation: false, context: { skipBundling: true, ...context } });
