import { ulid } from 'ulid';
import { putSeedRecords } from '../../functions/data/access/reference.js';
import { referenceStore } from '../../functions/data/access/records.js';
import { guardsFor } from '../../functions/data/unique-guards.js';
import { required } from '../../functions/lib/required.js';
import { referenceResource, referenceRows } from '../../functions/reference/reference-lists.js';
import { DEMO_SFTP_LOGIN } from './sftp-server.js';

/** The demo store every delivery of the demo goes to: the local SFTP server (infra/local/sftp-server.ts). */
export const DEMO_DSP_NAME = 'Demo DSP';

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
  const existing = (await referenceRows(dsps)).find((row) => row.name === DEMO_DSP_NAME);
  if (existing) {
    const store = referenceStore('Dsp');
    const stored = required(await store.get({ id: existing.id }), DEMO_DSP_NAME);
    await store.putMany([{ ...stored, technical_specification }]);
    return existing.id;
  }
  const record = {
    id: ulid(),
    name: DEMO_DSP_NAME,
    url: 'http://localhost',
    active: true,
    description: 'The local demo store: deliveries land on the SFTP server npm start runs (see /_local/sftp).',
    delivery_class: 'ddex',
    technical_specification,
  };
  await putSeedRecords(
    'Dsp',
    [record],
    guardsFor('dsps', dsps.unique ?? [], record).map((g) => ({ ...g, ownerId: record.id })),
  );
  return record.id;
}
