/**
 * The CDK app (cdk.json runs `npx tsx infra/app.ts`). Synth needs no credentials: the stack is
 * environment-agnostic unless the CLI supplies an account/region.
 *
 *   npx cdk synth                       # prod stage, bundles the functions with local esbuild
 *   npx cdk deploy -c stage=dev         # a disposable stack (LabelPlatform-dev)
 *   CDK_SKIP_BUNDLING=1 npx cdk synth   # placeholder Lambda code, for a quick template check
 */
import { App } from 'aws-cdk-lib';
import { settings } from './areas/settings.js';
import { RootStack } from './root-stack.js';

const app = new App();
const { stage, isProd } = settings(app);
new RootStack(app, isProd ? 'LabelPlatform' : `LabelPlatform-${stage}`, {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  description: `Label platform (${stage})`,
});
app.synth();
