import { ulid } from 'ulid';
import { LISTS } from '../../functions/data/list-cache.js';
import { referenceStore } from '../../functions/data/access/records.js';
import { guardsFor } from '../../functions/data/unique-guards.js';
import { required } from '../../functions/lib/required.js';
import { referenceResource } from '../../functions/reference/reference-lists.js';
import { DEMO_SFTP_LOGIN } from './sftp-server.js';

/** The demo store every delivery of the demo goes to: the local SFTP server (infra/local/sftp-server.ts). */
const DEMO_DSP_NAME = 'Demo DSP';

/**
 * Seeds the demo store, or points it at this start's SFTP port (a test cloud takes a free port
 * each time): its technical specification is the local server's address, login and password.
 */
export async function seedDemoDsp(sftpPort: number): Promise<string> {
  const technical_specification = {
    delivery_format: 'DDEX ERN 4.3',
    delivery_server_type: 'SFTP',
    server_uri: `sftp://127.0.0.1:${sftpPort}/`,
    server_login: DEMO_SFTP_LOGIN.username,
    server_password: DEMO_SFTP_LOGIN.password,
    delivery_stub: 'demo-label',
  };
  const dsps = required(referenceResource('dsps'), 'the dsps collection');
  const store = referenceStore('Dsp');
  // Written as the API writes (guards, the list's version), so cached DSP lists show it at once.
  const lists = [LISTS.reference('dsps')];
  const existing = (await store.listAll()).find((row) => row.name === DEMO_DSP_NAME);
  if (typeof existing?.id === 'string') {
    await store.write([{ patch: { id: existing.id }, set: { technical_specification } }], { lists });
    return existing.id;
  }
  const record = {
    id: ulid(),
    name: DEMO_DSP_NAME,
    url: 'http://localhost',
    active: true,
    description: 'The local demo store: deliveries land on the SFTP server npm start runs (see /_local/sftp).',
    delivery_class: 'DDEX',
    technical_specification,
  };
  await store.write([{ create: record }], {
    claim: guardsFor('dsps', dsps.unique ?? [], record),
    ownerId: record.id,
    lists,
  });
  return record.id;
}
