/**
 * The single DynamoDB table. Keys, indexes and TTL come from resources.ts, the
 * same definitions the local cloud provisions DynamoDB Local with.
 */
import { SecretValue } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { TableAccess } from '../functions.js';
import { TABLE } from '../resources.js';
import { acknowledge } from './nag.js';
import { settings } from './settings.js';

// Explicit item-level actions only. Transactions (TransactWriteItems/TransactGetItems) are not IAM
// actions: they are authorised by the Put/Update/Delete/ConditionCheck/Get actions they contain.
const READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
const WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
];

const attribute = (name: string): dynamodb.Attribute => ({ name, type: dynamodb.AttributeType.STRING });

export class Data extends Construct {
  readonly table: dynamodb.Table;
  /** The key payees' bank details are sealed with in the table (functions/lib/sealed.ts). */
  readonly sealingKey: secretsmanager.Secret;
  /**
   * Stripe's keys for the billing provider, as JSON { "secret_key", "webhook_secret" } (functions/billing/
   * stripe-provider.ts). Created with empty values: the operator puts the account's keys in after the first deploy.
   */
  readonly stripeKeys: secretsmanager.Secret;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const { isProd, removalPolicy } = settings(this);
    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: attribute(TABLE.partitionKey),
      sortKey: attribute(TABLE.sortKey),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TABLE.timeToLiveAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: isProd,
      removalPolicy,
    });
    for (const index of TABLE.indexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: attribute(index.partitionKey),
        sortKey: attribute(index.sortKey),
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }
    this.sealingKey = new secretsmanager.Secret(this, 'SealingKey', {
      description: "Seals payees' bank details at rest (AES-256-GCM key derived with HKDF)",
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy,
    });
    acknowledge(
      this.sealingKey,
      'The key seals stored bank details: rotating it needs every sealed value re-sealed, which a rotation ' +
        'Lambda cannot do alone; it is rotated by a re-sealing migration instead.',
      'AwsSolutions-SMG4',
    );
    this.stripeKeys = new secretsmanager.Secret(this, 'StripeKeys', {
      description: "Stripe's API key and webhook signing secret (JSON: secret_key, webhook_secret)",
      secretObjectValue: {
        secret_key: SecretValue.unsafePlainText(''),
        webhook_secret: SecretValue.unsafePlainText(''),
      },
      removalPolicy,
    });
    acknowledge(
      this.stripeKeys,
      "Stripe's keys are rolled in Stripe's dashboard and pasted here; a rotation Lambda cannot roll them.",
      'AwsSolutions-SMG4',
    );
  }

  /** Lets `grantee` read items (Get, BatchGet, Query on the table and its indexes). */
  grantRead(grantee: iam.IGrantable): iam.Grant {
    return this.grant(grantee, READ_ACTIONS);
  }

  /** Lets `grantee` read and write items, including transactions and condition checks. */
  grantReadWrite(grantee: iam.IGrantable): iam.Grant {
    return this.grant(grantee, [...READ_ACTIONS, ...WRITE_ACTIONS]);
  }

  /** Grants by intent; `ProductFunction.bindTable` calls this. */
  grantAccess(grantee: iam.IGrantable, access: TableAccess): iam.Grant {
    return access === 'read' ? this.grantRead(grantee) : this.grantReadWrite(grantee);
  }

  private grant(grantee: iam.IGrantable, actions: string[]): iam.Grant {
    return iam.Grant.addToPrincipal({
      grantee,
      actions,
      resourceArns: [this.table.tableArn, `${this.table.tableArn}/index/*`],
    });
  }
}
