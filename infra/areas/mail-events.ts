/**
 * What SES reports about the mails it sent comes back to the product: one configuration set (every mail
 * the product sends names it) publishes delivery, bounce, complaint, open and click events to an SNS
 * topic, and the mail events queue (resources.ts QUEUES) subscribes to it; its worker applies each event
 * once (functions/promos/mail-events.ts). The local cloud injects the same events through its outbox.
 */
import * as iam from 'aws-cdk-lib/aws-iam';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import { SqsSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { acknowledge } from './nag.js';
import type { Queues } from './queues.js';
import { physicalName } from './settings.js';

export type MailEventsProps = { queues: Queues };

export class MailEvents extends Construct {
  readonly configurationSet: ses.ConfigurationSet;

  constructor(scope: Construct, id: string, props: MailEventsProps) {
    super(scope, id);
    const topic = new sns.Topic(this, 'Events', {
      topicName: physicalName(this, 'label-platform-mail-events'),
      displayName: 'Label platform mail events',
      enforceSSL: true,
    });
    acknowledge(
      topic,
      'The topic carries SES delivery events (a message id, an address, the mail tags) to one queue of this ' +
        'stack, which is encrypted; a customer KMS key would also need a key policy for SES and cost money for ' +
        'no added protection here.',
      'AwsSolutions-SNS2',
    );
    // SES publishes to the topic on the account's behalf.
    topic.addToResourcePolicy(
      new iam.PolicyStatement({
        actions: ['sns:Publish'],
        principals: [new iam.ServicePrincipal('ses.amazonaws.com')],
        resources: [topic.topicArn],
      }),
    );
    this.configurationSet = new ses.ConfigurationSet(this, 'ConfigurationSet', {
      configurationSetName: physicalName(this, 'label-platform-mail'),
    });
    this.configurationSet.addEventDestination('ToQueue', {
      destination: ses.EventDestination.snsTopic(topic),
      events: [
        ses.EmailSendingEvent.DELIVERY,
        ses.EmailSendingEvent.BOUNCE,
        ses.EmailSendingEvent.COMPLAINT,
        ses.EmailSendingEvent.OPEN,
        ses.EmailSendingEvent.CLICK,
      ],
    });
    const subscription = topic.addSubscription(new SqsSubscription(props.queues.queue('mailEvents')));
    acknowledge(
      subscription,
      'SNS delivers to an SQS queue of the same stack, retrying for days on its own; the queue has its own ' +
        'dead-letter queue for events the worker cannot apply. A second dead-letter queue on the subscription ' +
        'would catch only an SQS outage.',
      'Serverless-SNSRedrivePolicy',
    );
  }
}
