/**
 * The HTTP API, built from the route table (functions/routes.ts): one Lambda per area and one
 * API Gateway route per entry, with the Cognito JWT authorizer on every route that is not public.
 */
import { CfnOutput, Duration, Fn } from 'aws-cdk-lib';
import { CorsHttpMethod, HttpApi, HttpMethod, HttpNoneAuthorizer, HttpRoute, HttpRouteKey } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Construct } from 'constructs';
import { AREAS, ROUTES, routeKey, type Area } from '../../functions/routes.js';
import type { Auth } from './auth.js';
import type { Data } from './data.js';
import { ProductFunction } from './product-function.js';
import type { Realtime } from './realtime.js';
import { settings } from './settings.js';
import type { Storage } from './storage.js';

export type ApiProps = { data: Data; storage: Storage; auth: Auth; realtime: Realtime };

/** What an area needs beyond the table and the user pool's ids, which every area gets. */
const AREA_NEEDS: Partial<Record<Area, (fn: ProductFunction, props: ApiProps, scope: Construct) => void>> = {
  auth: (fn, { auth }, scope) => fn.bindUserPool(auth, { manageUsers: true }).bindMail(settings(scope).mailFrom),
  catalogue: (fn, { storage }) => fn.bindBucket(storage, 'uploads', 'presign'),
  reference: (fn, { storage }) => fn.bindBucket(storage, 'uploads', 'presign'),
  companies: (fn, { storage }) => fn.bindBucket(storage, 'uploads', 'presign'),
  // Tells recipients' open tabs when their notices change (the header's unread count).
  notices: (fn, { realtime }) => realtime.grantPush(fn),
  // Reads the Parquet ledger (and presigns report uploads into the drop folder); edits are overlays in the table.
  royalties: (fn, { storage, realtime }) => {
    fn.bindBucket(storage, 'ledger', 'readWrite');
    realtime.grantPush(fn);
  },
};

/** Areas whose function differs from the 512 MB arm64 default: DuckDB is a native module built for x86_64. */
const AREA_FUNCTION: Partial<Record<Area, Partial<ConstructorParameters<typeof ProductFunction>[2]>>> = {
  royalties: { memorySize: 3008, x86: true, bundling: { nodeModules: ['@duckdb/node-api', '@duckdb/node-bindings', '@duckdb/node-bindings-linux-x64'] } },
};

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
    });
    const jwt = new HttpJwtAuthorizer('CognitoJwt', props.auth.issuerUrl, { jwtAudience: [props.auth.client.userPoolClientId] });
    const none = new HttpNoneAuthorizer();

    const integrations = new Map<Area, HttpLambdaIntegration>();
    for (const area of AREAS) {
      const fn = new ProductFunction(this, `${area}Handler`, {
        entry: `functions/${area}/handler.ts`,
        timeout: Duration.seconds(29),
        memorySize: 512,
        ...AREA_FUNCTION[area],
      })
        .bindTable(props.data)
        .bindUserPool(props.auth);
      AREA_NEEDS[area]?.(fn, props, this);
      this.functions.set(area, fn);
      // One API-wide permission per function instead of one per route: the Lambda resource
      // policy is capped at 20 KB, which the full route table would exceed.
      integrations.set(area, new HttpLambdaIntegration(`${area}Integration`, fn, { scopePermissionToRoute: false }));
    }

    for (const route of ROUTES) {
      new HttpRoute(this, routeKey(route).replaceAll('/', '_'), {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: integrations.get(route.area)!,
        // Roles and tenancy are checked in the handler; the authorizer only proves sign-in.
        authorizer: route.auth === 'public' ? none : jwt,
      });
    }
    new CfnOutput(this, 'HttpApiUrl', { value: this.httpApi.apiEndpoint });
  }

  /** The API's host name (no scheme), for CloudFront's /api/* origin. */
  get domainName(): string {
    return Fn.select(2, Fn.split('/', this.httpApi.apiEndpoint));
  }
}
