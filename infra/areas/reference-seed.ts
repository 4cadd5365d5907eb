/**
 * Seeds the reference data (countries, languages, genres, performer roles, DSPs, distributors,
 * societies) in a deployed stack, with the same code the local cloud seeds with. A CDK trigger
 * runs the function once the table exists, and again whenever the function's code changes.
 */
import { Duration } from 'aws-cdk-lib';
import { Trigger } from 'aws-cdk-lib/triggers';
import { Construct } from 'constructs';
import type { Data } from './data.js';
import { acknowledge } from './nag.js';
import { ProductFunction } from './product-function.js';

export class ReferenceSeed extends Construct {
  readonly function: ProductFunction;

  constructor(scope: Construct, id: string, props: { data: Data }) {
    super(scope, id);
    const timeout = Duration.minutes(5);
    this.function = new ProductFunction(this, 'Function', {
      entry: 'functions/reference/seed-handler.ts',
      timeout,
      memorySize: 1024,
    }).bindTable(props.data);
    acknowledge(
      this.function,
      'Run by the CDK trigger during deployment, which waits for the answer: a failure fails the deployment, so ' +
        'there is no asynchronous invocation for a dead-letter queue to catch.',
      'Serverless-LambdaDLQ',
    );
    new Trigger(this, 'Trigger', {
      handler: this.function,
      timeout,
      executeAfter: [props.data.table],
      executeOnHandlerChange: true,
    });
  }
}
