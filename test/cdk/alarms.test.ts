/**
 * Operators hear about what is stuck: an alarm on every queue's dead-letter queue and on every
 * worker's errors (both generated from infra's QUEUES and WORKERS, so a new queue or worker without
 * an alarm fails here), one on the HTTP API's server-error rate, all to the operators' topic, which
 * mails the address given with `-c operatorsEmail=`.
 */
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { WORKERS } from '../../infra/functions.js';
import { QUEUES, type QueueKey } from '../../infra/resources.js';
import { RootStack } from '../../infra/root-stack.js';
import { templateApp } from '../support/cdk-app.js';

type Resource = { Type: string; Properties: Record<string, any> };
const synth = (context: Record<string, unknown> = {}): Record<string, Resource> => {
  const app = templateApp({ stage: 'prod', ...context });
  return Template.fromStack(new RootStack(app, 'Test', { webDistDir: '/no-such-dist' })).toJSON().Resources;
};

let resources: Record<string, Resource>;
beforeAll(() => {
  resources = synth({ operatorsEmail: 'ops@example.com' });
});

const alarms = () => Object.values(resources).filter((r) => r.Type === 'AWS::CloudWatch::Alarm');
const logicalIds = (type: string, prefix: string) =>
  Object.entries(resources)
    .filter(([id, r]) => r.Type === type && id.startsWith(prefix))
    .map(([id]) => id);
const topicId = () => {
  const [id] = logicalIds('AWS::SNS::Topic', 'AlarmsOperators');
  expect(id).toBeDefined();
  return id;
};
/** The alarm on `metric` whose dimension refers to the resource `logicalId`. */
const alarmOn = (metric: string, dimension: string, value: unknown) =>
  alarms().filter(
    (a) =>
      a.Properties.MetricName === metric &&
      (a.Properties.Dimensions ?? []).some(
        (d: { Name: string; Value: unknown }) =>
          d.Name === dimension && JSON.stringify(d.Value) === JSON.stringify(value),
      ),
  );
const notifiesOperators = (alarm: Resource) => expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topicId() }]);

describe('operator alarms', () => {
  it.each(Object.keys(QUEUES) as QueueKey[])("alarms on the %s queue's dead-letter queue", (key) => {
    const [dlq] = logicalIds('AWS::SQS::Queue', `Queues${key}Dlq`);
    expect(dlq, `${key} has a dead-letter queue`).toBeDefined();
    const [alarm, ...more] = alarmOn('ApproximateNumberOfMessagesVisible', 'QueueName', {
      'Fn::GetAtt': [dlq, 'QueueName'],
    });
    expect(more).toEqual([]);
    expect(alarm.Properties).toMatchObject({
      Namespace: 'AWS/SQS',
      ComparisonOperator: 'GreaterThanThreshold',
      Threshold: 0,
    });
    notifiesOperators(alarm);
  });

  it.each(Object.keys(WORKERS) as QueueKey[])("alarms on the %s worker's errors", (key) => {
    const [fn] = logicalIds('AWS::Lambda::Function', `Workers${key}Worker`);
    expect(fn, `${key} has a worker`).toBeDefined();
    const [alarm, ...more] = alarmOn('Errors', 'FunctionName', { Ref: fn });
    expect(more).toEqual([]);
    expect(alarm.Properties).toMatchObject({ Namespace: 'AWS/Lambda', Threshold: 0 });
    notifiesOperators(alarm);
  });

  it("alarms on the HTTP API's rate of server errors", () => {
    const [api] = logicalIds('AWS::ApiGatewayV2::Api', 'ApiHttp');
    const rate = alarms().filter((a) => JSON.stringify(a.Properties.Metrics ?? []).includes('"5xx"'));
    expect(rate).toHaveLength(1);
    const metrics = JSON.stringify(rate[0].Properties.Metrics);
    expect(metrics).toContain(`{"Ref":"${api}"}`);
    expect(metrics).toContain('"Count"');
    notifiesOperators(rate[0]);
  });

  it('mails the operators when an address is given, and has no subscriber without one', () => {
    const mail = (r: Record<string, Resource>) =>
      Object.values(r).filter((s) => s.Type === 'AWS::SNS::Subscription' && s.Properties.Protocol === 'email');
    expect(mail(resources).map((s) => s.Properties.Endpoint)).toEqual(['ops@example.com']);
    expect(mail(resources)[0].Properties.TopicArn).toEqual({ Ref: topicId() });
    expect(mail(synth())).toEqual([]);
  }, 180_000);
});
