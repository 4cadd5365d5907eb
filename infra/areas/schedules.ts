/**
 * Scheduled jobs (resources.ts SCHEDULES): EventBridge rules invoking their handlers. The local
 * cloud runs the same handlers on a timer.
 */
import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import { SCHEDULES } from '../resources.js';
import type { Data } from './data.js';
import { ProductFunction } from './product-function.js';
import type { Realtime } from './realtime.js';
import type { Storage } from './storage.js';

export class Schedules extends Construct {
  readonly statementRun: ProductFunction;

  constructor(scope: Construct, id: string, props: { data: Data; storage: Storage; realtime: Realtime }) {
    super(scope, id);
    const schedule = SCHEDULES.statementRun;
    this.statementRun = new ProductFunction(this, 'StatementRun', {
      entry: 'functions/statements/scheduled-run.ts',
      // A monthly run over every tenant: give it Lambda's longest run time.
      timeout: Duration.minutes(15),
      memorySize: 1024,
    })
      .bindTable(props.data)
      .bindBucket(props.storage, 'ledger', 'read'); // statements sum the Parquet ledger
    props.realtime.grantPush(this.statementRun);
    new events.Rule(this, 'StatementRunRule', {
      description: schedule.description,
      schedule: events.Schedule.cron(schedule.cron),
      targets: [new targets.LambdaFunction(this.statementRun, { retryAttempts: 2 })],
    });
  }
}
