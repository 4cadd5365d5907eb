/**
 * Someone hears about what is stuck: CloudWatch alarms on every dead-letter queue (a message there
 * is a job that failed on every attempt), on each worker's errors and on the HTTP API's rate of
 * server errors, all sent to the operators' SNS topic. `-c operatorsEmail=…` subscribes an address
 * (AWS asks it to confirm once); without it the topic waits for a subscriber added by hand.
 */
import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { QUEUES, type QueueKey } from '../resources.js';
import { acknowledge } from './nag.js';
import type { Queues } from './queues.js';
import { physicalName, settings } from './settings.js';

/** Share of the API's requests answered with a 5xx, in percent, that wakes someone (over 5 minutes). */
const API_5XX_PERCENT = 5;
const PERIOD = Duration.minutes(5);

export type AlarmsProps = {
  queues: Queues;
  workers: ReadonlyMap<QueueKey, IFunction>;
  httpApi: HttpApi;
};

export class Alarms extends Construct {
  readonly topic: sns.Topic;

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    this.topic = new sns.Topic(this, 'Operators', {
      topicName: physicalName(this, 'label-platform-operators'),
      displayName: 'Label platform operators',
      enforceSSL: true,
    });
    acknowledge(
      this.topic,
      'The topic carries alarm notices only (an alarm name and a count), no customer data; CloudWatch cannot ' +
        'publish to a topic under the AWS-managed SNS key, and a customer key would cost money for nothing here.',
      'AwsSolutions-SNS2',
    );
    const email = settings(this).operatorsEmail;
    if (email) this.topic.addSubscription(new EmailSubscription(email));
    const notify = new SnsAction(this.topic);
    const alarm = (name: string, props: cloudwatch.AlarmProps) => {
      const made = new cloudwatch.Alarm(this, name, props);
      made.addAlarmAction(notify);
      // Told once more when it clears, so nobody keeps looking at what is already fixed.
      made.addOkAction(notify);
    };

    for (const key of Object.keys(QUEUES) as QueueKey[]) {
      const dlq = props.queues.queue(key).deadLetterQueue?.queue;
      if (!dlq) throw new Error(`The ${key} queue has no dead-letter queue`);
      alarm(`${key}DeadLetters`, {
        alarmDescription: `A ${key} message failed on every attempt and waits in its dead-letter queue.`,
        metric: dlq.metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: 'Maximum' }),
        threshold: 0,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
    }

    for (const [key, fn] of props.workers)
      alarm(`${key}WorkerErrors`, {
        alarmDescription: `The ${key} worker failed (an error or a timeout); its message is retried.`,
        metric: fn.metricErrors({ period: PERIOD, statistic: 'Sum' }),
        threshold: 0,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });

    alarm('Api5xxRate', {
      alarmDescription: `More than ${API_5XX_PERCENT}% of the HTTP API's requests answered a server error.`,
      metric: new cloudwatch.MathExpression({
        expression: '100 * errors / IF(requests > 0, requests, 1)',
        usingMetrics: {
          errors: props.httpApi.metricServerError({ period: PERIOD, statistic: 'Sum' }),
          requests: props.httpApi.metricCount({ period: PERIOD, statistic: 'Sum' }),
        },
        period: PERIOD,
        label: 'Server errors (%)',
      }),
      threshold: API_5XX_PERCENT,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
  }
}
