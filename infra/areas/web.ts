/**
 * The SPA on CloudFront: a private bucket behind Origin Access Control, `/api/*` forwarded to the
 * HTTP API on the same origin (no CORS, one URL), and `config.json` written at deploy time with
 * the values only CloudFormation knows (pool ids, WebSocket URL).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CfnOutput, Stack } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { Api } from './api.js';
import type { Auth } from './auth.js';
import { acknowledge, arnToken, wildcardResource } from './nag.js';
import { REPO_ROOT } from './product-function.js';
import type { Realtime } from './realtime.js';
import { settings } from './settings.js';
import { privateBucket } from './storage.js';

export type WebProps = {
  api: Api;
  auth: Auth;
  realtime: Realtime;
  /** Where the site bucket's and CloudFront's access logs go (Storage.accessLogs). */
  accessLogs: s3.IBucket;
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
    const bucket = privateBucket(this, 'Site', {
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 's3/site/',
    });
    const { webDomain } = settings(this);
    const spaRouting = new cloudfront.Function(this, 'SpaRouting', {
      code: cloudfront.FunctionCode.fromInline(SPA_ROUTING),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });
    // HSTS, nosniff, frame-options, referrer policy: AWS's managed SecurityHeadersPolicy.
    const responseHeadersPolicy = cloudfront.ResponseHeadersPolicy.SECURITY_HEADERS;
    const apiOrigin = new origins.HttpOrigin(props.api.domainName, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
    });
    const api: cloudfront.BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      // With caching disabled this policy forwards Authorization too; the Host header must
      // not be forwarded or API Gateway cannot tell which API is asked.
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy,
    };
    const fanPages = { ...api, originRequestPolicy: this.fanPagePolicy() };
    this.distribution = new cloudfront.Distribution(this, 'Cdn', {
      defaultRootObject: 'index.html',
      enableLogging: true,
      logBucket: props.accessLogs,
      logFilePrefix: 'cloudfront/',
      ...(webDomain
        ? {
            domainNames: [webDomain.name],
            certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', webDomain.certificateArn),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        responseHeadersPolicy,
        functionAssociations: [{ function: spaRouting, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        // A smart link's public page, its redirects and its "notify me" form need the fan's country, which
        // only CloudFront knows (CloudFront-Viewer-Country); the general /api/* policy cannot add it.
        '/api/v1/go/*': fanPages,
        '/api/v1/link_pages/*': fanPages,
        '/api/*': api,
      },
    });
    this.acknowledgeDistribution(Boolean(webDomain));

    const distDir = props.distDir ?? path.join(REPO_ROOT, 'web', 'dist');
    if (fs.existsSync(distDir)) {
      const deployment = new s3deploy.BucketDeployment(this, 'Deploy', {
        destinationBucket: bucket,
        sources: [s3deploy.Source.asset(distDir), s3deploy.Source.jsonData('config.json', this.spaConfig(props))],
        distribution: this.distribution,
        distributionPaths: ['/*'],
      });
      this.acknowledgeDeploymentHandler(deployment, bucket);
    }
    new CfnOutput(this, 'WebUrl', { value: this.url });
  }

  /**
   * What a fan's request to a smart link carries to the API: the country CloudFront found for them (the
   * store address per territory and the click's country), the user agent (bots and devices), the referrer,
   * the form's content type and origin, and every query string (`?ref=`). No Host (API Gateway needs its
   * own) and no Authorization: these calls are public. Every viewer header "except Host" cannot be
   * combined with a CloudFront header in one policy, hence a list.
   */
  private fanPagePolicy(): cloudfront.OriginRequestPolicy {
    return new cloudfront.OriginRequestPolicy(this, 'FanPageRequests', {
      comment: 'Smart link pages and redirects: the viewer country, user agent and referrer',
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(
        'CloudFront-Viewer-Country',
        'User-Agent',
        'Referer',
        'Content-Type',
        'Origin',
      ),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.none(),
    });
  }

  /** The SPA's https URL (APP_URL: links in e-mails point here): its own domain when it has one. */
  get url(): string {
    return `https://${settings(this).webDomain?.name ?? this.distribution.distributionDomainName}`;
  }

  private acknowledgeDistribution(ownDomain: boolean): void {
    acknowledge(
      this.distribution,
      'Labels, their staff and their artists work from every country; a country block list would be a product ' +
        'decision, not a default.',
      'AwsSolutions-CFR1',
    );
    acknowledge(
      this.distribution,
      'A CloudFront web ACL must be made in us-east-1, outside this regional stack. Meanwhile the API behind ' +
        '/api/* is throttled per stage, needs a Cognito token on every non-public route and checks every input; a ' +
        "WAF with AWS's managed rule groups comes with a us-east-1 stack.",
      'AwsSolutions-CFR2',
    );
    if (!ownDomain) {
      acknowledge(
        this.distribution,
        "Without its own domain the SPA is served on *.cloudfront.net with CloudFront's default certificate, " +
          'whose minimum TLS version cannot be set; deploying with -c domainName=… -c certificateArn=… serves it ' +
          'with TLSv1.2_2021 as the minimum.',
        'AwsSolutions-CFR4',
      );
    }
  }

  /** The findings on CDK's own BucketDeployment handler, a Lambda CDK makes and runs only while deploying. */
  private acknowledgeDeploymentHandler(deployment: s3deploy.BucketDeployment, site: s3.IBucket): void {
    const handler = deployment.handlerRole.node.scope;
    if (!handler) return;
    const reason =
      "CDK's own BucketDeployment handler, made and run by CDK only while deploying the SPA: its runtime, role " +
      "(CloudWatch logs, read the CDK asset bucket, write the site bucket) and settings are CDK's.";
    acknowledge(
      handler,
      reason,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      ...['s3:Abort*', 's3:DeleteObject*', 's3:GetBucket*', 's3:GetObject*', 's3:List*'].map(
        (action) => `AwsSolutions-IAM5[Action::${action}]`,
      ),
      wildcardResource('*'),
      wildcardResource(`${arnToken(site)}/*`),
      wildcardResource('arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*'),
      'AwsSolutions-L1',
      'Serverless-LambdaDLQ',
      'Serverless-LambdaLatestVersion',
      'Serverless-LambdaTracing',
    );
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
