/**
 * The SPA on CloudFront: a private bucket behind Origin Access Control, `/api/*` forwarded to the
 * HTTP API on the same origin (no CORS, one URL), and `config.json` written at deploy time with
 * the values only CloudFormation knows (pool ids, WebSocket URL).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CfnOutput, Stack } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { Api } from './api.js';
import type { Auth } from './auth.js';
import { REPO_ROOT } from './product-function.js';
import type { Realtime } from './realtime.js';
import { privateBucket } from './storage.js';

export type WebProps = {
  api: Api;
  auth: Auth;
  realtime: Realtime;
  /** The built SPA; deployed only if it exists, so synth works before `npm run build:web`. */
  distDir?: string;
};

// Client-side routes (/labels/42) have no file extension: serve the SPA shell for them. This is
// done here, on the S3 behaviour only, instead of distribution-wide 403/404 error responses,
// because those would also turn the API's own 403/404 JSON answers into index.html with 200.
const SPA_ROUTING = `function handler(event) {
  var request = event.request;
  if (!/\\.[A-Za-z0-9]+$/.test(request.uri)) request.uri = '/index.html';
  return request;
}`;

export class Web extends Construct {
  readonly distribution: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const bucket = privateBucket(this, 'Site');
    const spaRouting = new cloudfront.Function(this, 'SpaRouting', {
      code: cloudfront.FunctionCode.fromInline(SPA_ROUTING),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });
    this.distribution = new cloudfront.Distribution(this, 'Cdn', {
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        functionAssociations: [{ function: spaRouting, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new origins.HttpOrigin(props.api.domainName, { protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // With caching disabled this policy forwards Authorization too; the Host header must
          // not be forwarded or API Gateway cannot tell which API is asked.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        },
      },
    });

    const distDir = props.distDir ?? path.join(REPO_ROOT, 'web', 'dist');
    if (fs.existsSync(distDir)) {
      new s3deploy.BucketDeployment(this, 'Deploy', {
        destinationBucket: bucket,
        sources: [s3deploy.Source.asset(distDir), s3deploy.Source.jsonData('config.json', this.spaConfig(props))],
        distribution: this.distribution,
        distributionPaths: ['/*'],
      });
    }
    new CfnOutput(this, 'WebUrl', { value: this.url });
  }

  /** The SPA's https URL (APP_URL: links in e-mails point here). */
  get url(): string {
    return `https://${this.distribution.distributionDomainName}`;
  }

  /** The runtime configuration the SPA fetches from /config.json. */
  private spaConfig({ auth, realtime }: WebProps) {
    return {
      region: Stack.of(this).region,
      userPoolId: auth.userPool.userPoolId,
      userPoolClientId: auth.client.userPoolClientId,
      websocketUrl: realtime.url,
      apiBaseUrl: '/api/v1',
    };
  }
}
