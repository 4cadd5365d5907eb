/**
 * Acknowledging cdk-nag findings (test/cdk/nag.test.ts runs the AwsSolutions and Serverless packs
 * and fails on any finding not acknowledged). Each acknowledgement sits on the construct that
 * causes the finding, names the finding exactly (a wildcard finding by its resource) and carries
 * the reason a reviewer reads.
 */
import { type CfnElement, Stack, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** Acknowledges the findings `ids` on `scope` and everything below it, for `reason`. */
export function acknowledge(scope: IConstruct, reason: string, ...ids: string[]): void {
  Validations.of(scope).acknowledge(...ids.map((id) => ({ id, reason })));
}

/** How cdk-nag writes a resource's ARN in a finding: `<LogicalId.Arn>`. */
export function arnToken(resource: IConstruct): string {
  const element = (resource.node.defaultChild ?? resource) as CfnElement;
  return `<${Stack.of(element).getLogicalId(element)}.Arn>`;
}

/** The finding of an IAM policy granting on a wildcard resource. */
export function wildcardResource(resource: string): string {
  return `AwsSolutions-IAM5[Resource::${resource}]`;
}

/** The runtime findings of a function that stays on a runtime older than the newest one. */
export const RUNTIME_FINDINGS = ['AwsSolutions-L1', 'Serverless-LambdaLatestVersion'];
