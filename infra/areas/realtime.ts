/**
 * The WebSocket API for per-user pushes (realtime area): $connect/$disconnect/$default go to one
 * Lambda, and functions that push get `grantPush`.
 */
import { type CfnElement, CfnOutput, Stack } from 'aws-cdk-lib';
import { WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Construct } from 'constructs';
import { WEBSOCKET_ROUTES } from '../../functions/routes.js';
import { ENV } from '../resources.js';
import { API_THROTTLE, accessLogSettings } from './access-logs.js';
import type { Auth } from './auth.js';
import type { Data } from './data.js';
import { acknowledge, wildcardResource } from './nag.js';
import { ProductFunction } from './product-function.js';

/** The WebSocket stage; its name is the last path segment of the wss:// and callback URLs. */
const WEBSOCKET_STAGE = 'live';

export class Realtime extends Construct {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;
  readonly handler: ProductFunction;

  constructor(scope: Construct, id: string, props: { data: Data; auth: Auth }) {
    super(scope, id);
    this.handler = new ProductFunction(this, 'Handler', { entry: 'functions/realtime/handler.ts' })
      .bindTable(props.data) // connections are items of the single table
      .bindUserPool(props.auth); // $connect verifies the token (WebSocket APIs have no JWT authorizer)
    acknowledge(
      this.handler,
      'Invoked synchronously by the WebSocket API: a Lambda dead-letter queue only catches asynchronous ' +
        'invocations, and a failed $connect refuses the connection.',
      'Serverless-LambdaDLQ',
    );
    this.api = new WebSocketApi(this, 'Api');
    const integration = new WebSocketLambdaIntegration('Integration', this.handler);
    for (const routeKey of WEBSOCKET_ROUTES) {
      const route = this.api.addRoute(routeKey, { integration });
      acknowledge(
        route,
        'WebSocket APIs take no JWT authorizer: $connect verifies the Cognito token itself ' +
          '(functions/realtime/handler.ts) and refuses the connection without a valid one; $default and $disconnect ' +
          'run only on a connection $connect accepted.',
        'AwsSolutions-APIG4',
      );
    }
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: WEBSOCKET_STAGE,
      autoDeploy: true,
      throttle: API_THROTTLE,
      accessLogSettings: accessLogSettings(this, 'AccessLogs', 'websocket'),
    });
    this.grantPush(this.handler); // $default may answer on the same connection
    new CfnOutput(this, 'WebSocketUrl', { value: this.url });
  }

  /** The wss:// URL the SPA connects to. */
  get url(): string {
    return this.stage.url;
  }

  /**
   * Lets `fn` push to connections: grants execute-api:ManageConnections on this stage's
   * @connections and sets WEBSOCKET_ENDPOINT to the https callback URL for ApiGatewayManagementApiClient.
   */
  grantPush(fn: ProductFunction): void {
    this.stage.grantManagementApiAccess(fn);
    fn.addEnvironment(ENV.websocketEndpoint, this.stage.callbackUrl);
    acknowledge(
      fn.ownRole,
      'The @connections of this WebSocket stage only: connection ids are made by API Gateway at run time, so they ' +
        'cannot be listed in the policy.',
      wildcardResource(
        `arn:<AWS::Partition>:execute-api:<AWS::Region>:<AWS::AccountId>:${this.apiToken()}/${WEBSOCKET_STAGE}/*/@connections/*`,
      ),
    );
  }

  /** How cdk-nag writes the WebSocket API's id in a finding: `<LogicalId>`. */
  private apiToken(): string {
    const element = this.api.node.defaultChild as CfnElement;
    return `<${Stack.of(this).getLogicalId(element)}>`;
  }
}
