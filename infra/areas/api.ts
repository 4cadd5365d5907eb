/**
 * The HTTP API, built from the route table (functions/routes.ts): one Lambda per area and one
 * API Gateway route per entry, with the product's Lambda REQUEST authorizer (a sign-in's Cognito JWT, or a
 * company API token for the handler to check) on every route that is not public.
 * An area's routes are in a nested stack of their own (`{area}Routes`).
 */
import { CfnOutput, Duration, Fn, NestedStack, Size } from 'aws-cdk-lib';
import {
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  HttpNoneAuthorizer,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Construct } from 'constructs';
import { AREAS, ROUTES, routeKey, type Area } from '../../functions/routes.js';
import { HTTP_AREAS, HTTP_TIMEOUT_SECONDS, REQUEST_AUTHORIZER, httpEntry } from '../functions.js';
import { API_THROTTLE, accessLogSettings } from './access-logs.js';
import { acknowledge } from './nag.js';
import { type FunctionDeps, ProductFunction } from './product-function.js';
import { settings } from './settings.js';
import { required } from '../../functions/lib/required.js';

export type ApiProps = FunctionDeps;

export class Api extends Construct {
  readonly httpApi: HttpApi;
  /** One function per area of the route table. */
  readonly functions = new Map<Area, ProductFunction>();

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    this.httpApi = new HttpApi(this, 'Http', {
      // The deployed SPA calls /api/* on its own CloudFront origin, so CORS only serves other
      // origins (a local dev server); an allow-list keeps it tight.
      corsPreflight: {
        allowOrigins: settings(this).corsOrigins,
        allowMethods: [CorsHttpMethod.ANY],
        allowHeaders: ['authorization', 'content-type', 'x-company-id'],
        maxAge: Duration.hours(1),
      },
      // The stage is built below, with access logs and throttling.
      createDefaultStage: false,
    });
    new HttpStage(this.httpApi, 'DefaultStage', {
      httpApi: this.httpApi,
      autoDeploy: true,
      throttle: API_THROTTLE,
      accessLogSettings: accessLogSettings(this, 'AccessLogs'),
    });
    const { needs: authorizerNeeds, ...authorizerShape } = REQUEST_AUTHORIZER;
    const authorizerFunction = new ProductFunction(this, 'RequestAuthorizer', authorizerShape).bindNeeds(
      authorizerNeeds,
      props,
    );
    acknowledge(
      authorizerFunction,
      'Invoked synchronously by API Gateway before a route runs: a Lambda dead-letter queue only catches ' +
        'asynchronous invocations, and a failure refuses the call.',
      'Serverless-LambdaDLQ',
    );
    const signedIn = new HttpLambdaAuthorizer('SignedIn', authorizerFunction, {
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      // Never cached: a company API token revoked (or expired) must stop on its very next call.
      resultsCacheTtl: Duration.seconds(0),
    });
    const none = new HttpNoneAuthorizer();

    const integrations = new Map<Area, HttpLambdaIntegration>();
    for (const area of AREAS) {
      const { needs, nativeModules, ephemeralStorageMiB, entry: _entry, ...shape } = HTTP_AREAS[area];
      const fn = new ProductFunction(this, `${area}Handler`, {
        entry: httpEntry(area),
        timeout: Duration.seconds(HTTP_TIMEOUT_SECONDS),
        ...shape,
        ...(ephemeralStorageMiB ? { ephemeralStorageSize: Size.mebibytes(ephemeralStorageMiB) } : {}),
        ...(nativeModules ? { x86: true, bundling: { nodeModules: [...nativeModules] } } : {}),
      }).bindNeeds(needs, props);
      acknowledge(
        fn,
        'Invoked synchronously by API Gateway: a Lambda dead-letter queue only catches asynchronous invocations, ' +
          'and a failure goes back to the caller as an error answer.',
        'Serverless-LambdaDLQ',
      );
      this.functions.set(area, fn);
      // One API-wide permission per function instead of one per route: the Lambda resource
      // policy is capped at 20 KB, which the full route table would exceed.
      integrations.set(area, new HttpLambdaIntegration(`${area}Integration`, fn, { scopePermissionToRoute: false }));
    }

    // Each area's routes (and its integration) live in a nested stack of their own: CloudFormation
    // allows 500 resources per stack, and the route table alone has more routes than that leaves.
    const routeStacks = new Map<Area, NestedStack>();
    const routeStackOf = (area: Area) => {
      const found = routeStacks.get(area);
      if (found) return found;
      const created = new NestedStack(this, `${area}Routes`, { description: `The ${area} area's API routes` });
      routeStacks.set(area, created);
      return created;
    };
    // A construct id cannot hold '/': it becomes '_', except where two routes would then share an id
    // ('/release/deliveries' and '/release_deliveries'): those keep their '/' as '.' instead, so every
    // other route keeps the id (and the CloudFormation logical id) it always had.
    const underscored = (route: (typeof ROUTES)[number]) => routeKey(route).replaceAll('/', '_');
    const idCounts = new Map<string, number>();
    for (const route of ROUTES) idCounts.set(underscored(route), (idCounts.get(underscored(route)) ?? 0) + 1);
    const constructIdOf = (route: (typeof ROUTES)[number]) =>
      (idCounts.get(underscored(route)) ?? 0) > 1 ? routeKey(route).replaceAll('/', '.') : underscored(route);
    for (const route of ROUTES) {
      const httpRoute = new HttpRoute(routeStackOf(route.area), constructIdOf(route), {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: required(integrations.get(route.area), `the ${route.area} integration`),
        // Roles, tenancy and API tokens are checked in the handler; the authorizer proves a sign-in or passes a token on.
        authorizer: route.auth === 'public' ? none : signedIn,
      });
      if (route.auth === 'public') {
        acknowledge(
          httpRoute,
          'A public route of the route table (sign-up, confirmation, password reset, check user): it is called ' +
            'before the caller has a token, and the handler checks its input.',
          'AwsSolutions-APIG4',
        );
      }
    }
    new CfnOutput(this, 'HttpApiUrl', { value: this.httpApi.apiEndpoint });
  }

  /** The API's host name (no scheme), for CloudFront's /api/* origin. */
  get domainName(): string {
    return Fn.select(2, Fn.split('/', this.httpApi.apiEndpoint));
  }
}
