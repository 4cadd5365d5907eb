/**
 * The whole product in one stack. This file only wires the areas together; each area's
 * resources and grants live in its own construct under infra/areas/.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { ENV } from './resources.js';
import { Alarms } from './areas/alarms.js';
import { Api } from './areas/api.js';
import { Auth } from './areas/auth.js';
import { Data } from './areas/data.js';
import { LedgerQuery } from './areas/ledger-query.js';
import { MailEvents } from './areas/mail-events.js';
import { Queues } from './areas/queues.js';
import { ReferenceSeed } from './areas/reference-seed.js';
import { Realtime } from './areas/realtime.js';
import { Schedules } from './areas/schedules.js';
import { Storage } from './areas/storage.js';
import { Web } from './areas/web.js';
import { Workers } from './areas/workers.js';

export interface RootStackProps extends StackProps {
  /** The built SPA folder (default web/dist); tests point it elsewhere. */
  readonly webDistDir?: string;
}

export class RootStack extends Stack {
  constructor(scope: Construct, id: string, props: RootStackProps = {}) {
    super(scope, id, props);
    const data = new Data(this, 'Data');
    const queues = new Queues(this, 'Queues');
    const storage = new Storage(this, 'Storage', { queues });
    const auth = new Auth(this, 'Auth');
    const realtime = new Realtime(this, 'Realtime', { data, auth });
    const ledgerQuery = new LedgerQuery(this, 'LedgerQuery', { storage });
    // What the functions of infra/functions.ts are granted on.
    const mailEvents = new MailEvents(this, 'MailEvents', { queues });
    const deps = { data, storage, auth, realtime, queues, ledgerQuery, mailEvents };
    const api = new Api(this, 'Api', deps);
    const workers = new Workers(this, 'Workers', deps);
    new Alarms(this, 'Alarms', { queues, workers: workers.functions, httpApi: api.httpApi });
    new Schedules(this, 'Schedules', deps);
    new ReferenceSeed(this, 'ReferenceSeed', { data });
    const { accessLogs } = storage;
    const web = new Web(this, 'Web', { api, auth, realtime, accessLogs, distDir: props.webDistDir });
    // Links in e-mails (confirmation, password reset) point at the SPA.
    for (const fn of api.functions.values()) fn.addEnvironment(ENV.appUrl, web.url);
  }
}
