import { ulid } from 'ulid';
import { getDb } from '../../functions/data/service.js';
import { DEMO_COMPANIES } from './seed.js';

/**
 * Connects the demo's distributed company (and no company made later) to the stores it can really deliver to locally: every
 * DSP whose technical specification points at an SFTP server (the demo DSP the local cloud
 * serves). Run after the reference data and the demo DSP are seeded; running
 * it again connects only what is not connected yet.
 */
export async function seedDemoDspConnections(): Promise<void> {
  const db = getDb();
  const companies = (await db.entities.Company.query.all({}).go({ pages: 'all' })).data;
  const dsps = (await db.entities.Dsp.query.all({}).go({ pages: 'all' })).data;
  const reachable = dsps.filter((dsp) => dsp.technical_specification?.server_uri?.startsWith('sftp://'));
  const now = new Date().toISOString();
  const demoNames = new Set(DEMO_COMPANIES.filter((c) => c.distributed).map((c) => c.name));
  for (const company of companies.filter((c) => c.distributed && demoNames.has(c.name))) {
    for (const dsp of reachable) {
      const key = { tenantId: company.companyId, dspId: dsp.id };
      if ((await db.entities.DspConnection.get(key).go()).data) continue;
      await db.entities.DspConnection.create({
        ...key,
        id: ulid(),
        status: 'connected',
        requested_at: now,
        connected_at: now,
        note: 'Demo: delivers to the local SFTP server',
      }).go();
    }
  }
}
