/**
 * Scheduled jobs: one EventBridge rule and function per row of SCHEDULED_JOBS (infra/functions.ts),
 * on the cron of resources.ts SCHEDULES. The local cloud runs the same functions on a timer.
 * EventBridge invokes asynchronously, so a job that fails after its retries, or an invocation that
 * cannot be delivered, lands in the job's dead-letter queue for a person to look at.
 */
import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { SCHEDULED_JOBS } from '../functions.js';
import { SCHEDULES, type ScheduleKey } from '../resources.js';
import { acknowledge } from './nag.js';
import { type FunctionDeps, ProductFunction } from './product-function.js';

export class Schedules extends Construct {
  readonly functions = new Map<ScheduleKey, ProductFunction>();

  constructor(scope: Construct, id: string, props: FunctionDeps) {
    super(scope, id);
    for (const key of Object.keys(SCHEDULED_JOBS) as ScheduleKey[]) {
      const { entry, timeoutSeconds, memorySize, assets, needs } = SCHEDULED_JOBS[key];
      const deadLetters = new sqs.Queue(this, `${key}Dlq`, {
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14), // the longest SQS allows
      });
      acknowledge(
        deadLetters,
        'This queue is the dead-letter queue of a scheduled job; it has no further queue behind it.',
        'Serverless-SQSRedrivePolicy',
      );
      const fn = new ProductFunction(this, key, {
        entry,
        timeout: Duration.seconds(timeoutSeconds),
        memorySize,
        assets,
        deadLetterQueue: deadLetters,
      }).bindNeeds(needs, props);
      const schedule = SCHEDULES[key];
      new events.Rule(this, `${key}Rule`, {
        description: schedule.description,
        schedule: events.Schedule.cron(schedule.cron),
        targets: [new targets.LambdaFunction(fn, { retryAttempts: 2, deadLetterQueue: deadLetters })],
      });
      this.functions.set(key, fn);
    }
  }
}
