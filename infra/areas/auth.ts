/**
 * The Cognito user pool the SPA signs in to (USER_PASSWORD_AUTH, see resources.ts) and the
 * grants the auth area needs to create users after their e-mail is confirmed.
 */
import { CfnOutput, Duration, Stack } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { USER_POOL } from '../resources.js';
import { acknowledge } from './nag.js';
import { settings } from './settings.js';

const MANAGE_USER_ACTIONS = [
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminDeleteUser',
  // Setting a password ends the account's other sessions.
  'cognito-idp:AdminUserGlobalSignOut',
];

export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  /** The JWT issuer API Gateway's authorizer and the realtime $connect check tokens against. */
  readonly issuerUrl: string;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.userPool = new cognito.UserPool(this, 'Users', {
      signInAliases: { email: true },
      // Sign-up goes through our API (confirmation e-mail, then AdminCreateUser), never Cognito's.
      selfSignUpEnabled: false,
      standardAttributes: { email: { required: true, mutable: true } },
      // The product's password rules are checked by the API; Cognito must not reject what it accepts.
      passwordPolicy: {
        minLength: USER_POOL.passwordMinLength,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      // Password resets are the API's (find_user_and_send_email + AdminSetUserPassword).
      accountRecovery: cognito.AccountRecovery.NONE,
      removalPolicy: settings(this).removalPolicy,
    });
    acknowledge(
      this.userPool,
      "The product's password rules are checked by the API (the shared schema) before any password reaches Cognito; " +
        'Cognito must accept everything the API accepts, so it keeps the same minimum length and no character ' +
        'classes.',
      'AwsSolutions-COG1',
    );
    acknowledge(
      this.userPool,
      "The product's sign-in has no second factor, and cognito-local, which the local cloud and the " +
        'tests sign in against, has no MFA; adding one is a change to the sign-in flow, to be decided as a product ' +
        'change.',
      'AwsSolutions-COG2',
    );
    acknowledge(
      this.userPool,
      "Threat protection needs the paid Cognito Plus plan; sign-in is USER_PASSWORD_AUTH through the API's " +
        'client, with user-existence errors hidden, and Cognito throttles failed sign-ins on its own.',
      'AwsSolutions-COG8',
    );
    this.client = this.userPool.addClient('WebClient', {
      userPoolClientName: USER_POOL.clientName,
      // userPassword = ALLOW_USER_PASSWORD_AUTH; CDK always adds ALLOW_REFRESH_TOKEN_AUTH.
      authFlows: { userPassword: true },
      generateSecret: false, // a browser cannot keep a secret
      disableOAuth: true, // no hosted UI
      preventUserExistenceErrors: true,
      accessTokenValidity: Duration.hours(USER_POOL.accessTokenValidityHours),
      idTokenValidity: Duration.hours(USER_POOL.idTokenValidityHours),
      refreshTokenValidity: Duration.hours(USER_POOL.refreshTokenValidityHours),
    });
    this.issuerUrl = `https://cognito-idp.${Stack.of(this).region}.amazonaws.com/${this.userPool.userPoolId}`;
    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.client.userPoolClientId });
  }

  /** Lets `grantee` create, read, delete users and set their passwords (AdminCreateUser & co). */
  grantManageUsers(grantee: iam.IGrantable): iam.Grant {
    return iam.Grant.addToPrincipal({
      grantee,
      actions: MANAGE_USER_ACTIONS,
      resourceArns: [this.userPool.userPoolArn],
    });
  }
}
