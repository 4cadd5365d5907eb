/**
 * cdk-nag's AwsSolutions and Serverless packs over the whole stack: any finding that is neither
 * fixed nor acknowledged on its construct (with a reason, infra/areas/nag.ts) fails. Checked for
 * the prod stage with the SPA deployed (the most resources), a disposable stage, and a stage
 * with its own web domain, where the TLS finding must be fixed rather than acknowledged.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { afterAll, describe, expect, it } from 'vitest';
import { RootStack } from '../../infra/root-stack.js';
import { templateApp } from '../support/cdk-app.js';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-nag-'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const DOMAIN = { domainName: 'app.example.com', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' };

function stack(context: Record<string, unknown>): RootStack {
  const app = templateApp(context);
  const root = new RootStack(app, 'Nag', { webDistDir: dist });
  app.synth();
  return root;
}

/** Every unacknowledged finding as `rule at construct path`. */
function findings(root: RootStack): string[] {
  return [new AwsSolutionsChecks(), new ServerlessChecks()].flatMap((pack) =>
    pack
      .validateScope(root)
      .violations.flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} at ${r.constructPath}`)),
  );
}

/** The acknowledgements recorded on `scope` itself (not its children): rule id → reason. */
function acknowledgedOn(scope: IConstruct): Record<string, string> {
  const entries = scope.node.metadata.filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY);
  return Object.assign({}, ...entries.map((m) => m.data as Record<string, string>));
}

describe('cdk-nag (AwsSolutions and Serverless packs)', () => {
  it.each([
    ['prod, with the SPA', { stage: 'prod' }],
    ['a disposable stage', { stage: 'dev' }],
    ['an own web domain', { stage: 'prod', ...DOMAIN }],
  ])(
    'reports no unacknowledged finding: %s',
    (_, context) => {
      expect(findings(stack(context))).toEqual([]);
    },
    60_000,
  );

  it('serves the SPA with TLS 1.2 at least once it has its own domain, without acknowledging the TLS finding', () => {
    const root = stack({ stage: 'prod', ...DOMAIN });
    const cdn = root.node.findAll().find((c) => c.node.path.endsWith('/Web/Cdn'))!;
    expect(Object.keys(acknowledgedOn(cdn)).some((id) => id.includes('AwsSolutions-CFR4'))).toBe(false);
    Template.fromStack(root).hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: {
        Aliases: [DOMAIN.domainName],
        ViewerCertificate: { MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' },
      },
    });
  }, 60_000);

  it('acknowledges on the constructs that cause a finding, never stack- or app-wide, each with a reason', () => {
    const root = stack({ stage: 'prod' });
    expect(acknowledgedOn(root)).toEqual({});
    expect(acknowledgedOn(root.node.scope!)).toEqual({});
    const all = root.node.findAll().flatMap((c) => Object.entries(acknowledgedOn(c)));
    expect(all.length).toBeGreaterThan(0);
    for (const [id, reason] of all) expect(reason.length, id).toBeGreaterThan(60);
    // Wildcard findings are acknowledged one resource at a time, never the whole rule.
    expect(all.filter(([id]) => /AwsSolutions-IAM5$/.test(id))).toEqual([]);
  }, 60_000);
});
