/**
 * The Cognito user pool the SPA signs in to (USER_PASSWORD_AUTH, see resources.ts) and the
 * grants the auth area needs to create users after their e-mail is confirmed.
 */
import { CfnOutput, Duration, Stack } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { USER_POOL } from '../resources.js';
import { settings } from './settings.js';

const MANAGE_USER_ACTIONS = [
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminDeleteUser',
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
      // The spec's password rules are checked by the API; Cognito must not reject what it accepts.
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
    return iam.Grant.addToPrincipal({ grantee, actions: MANAGE_USER_ACTIONS, resourceArns: [this.userPool.userPoolArn] });
  }
}
