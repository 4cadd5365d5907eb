/**
 * Access logs and default throttling for the API Gateway stages (HTTP and WebSocket): who called
 * which route from where, with what answer, kept for a year, since the product holds money data.
 */
import { RetentionDays, LogGroup } from 'aws-cdk-lib/aws-logs';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { type IAccessLogSettings, LogGroupLogDestination, type ThrottleSettings } from 'aws-cdk-lib/aws-apigatewayv2';
import type { Construct } from 'constructs';
import { settings } from './settings.js';

/**
 * The stage-wide limit per second (steady and burst). Far above what the product's users send,
 * it stops one runaway client from using up the account's Lambda concurrency for everyone.
 */
export const API_THROTTLE: ThrottleSettings = { rateLimit: 500, burstLimit: 1000 };

/** Variables both HTTP and WebSocket APIs define; `extra` adds an API's own. */
function jsonFormat(extra: Record<string, string>): AccessLogFormat {
  const fields: Record<string, string> = {
    requestId: '$context.requestId',
    requestTime: '$context.requestTime',
    ip: '$context.identity.sourceIp',
    routeKey: '$context.routeKey',
    status: '$context.status',
    error: '$context.error.message',
    ...extra,
  };
  // Every value is a string in the log line, so a variable API Gateway leaves empty still parses.
  return AccessLogFormat.custom(JSON.stringify(fields));
}

/** Access-log settings writing JSON lines to a new log group `id` under `scope`. */
export function accessLogSettings(
  scope: Construct,
  id: string,
  api: 'http' | 'websocket' = 'http',
): IAccessLogSettings {
  const { removalPolicy } = settings(scope);
  const logGroup = new LogGroup(scope, id, { retention: RetentionDays.ONE_YEAR, removalPolicy });
  const extra: Record<string, string> =
    api === 'http'
      ? {
          responseLength: '$context.responseLength',
          integrationError: '$context.integrationErrorMessage',
          latency: '$context.responseLatency',
        }
      : {
          connectionId: '$context.connectionId',
          eventType: '$context.eventType',
          integrationError: '$context.integration.error',
        };
  return { destination: new LogGroupLogDestination(logGroup), format: jsonFormat(extra) };
}
