import { describe, expect, it, vi } from 'vitest';
import { DSP_CONNECTION_STATUSES } from '../../shared/distribution.js';

/** A company delivers only to a store its link to is `connected`. */
const link = vi.hoisted(() => ({ status: undefined as string | undefined }));
vi.mock('../../functions/data/access/distribution.js', () => ({
  getDspConnection: async () => (link.status ? { status: link.status } : null),
}));
const { companyDspConnected } = await import('../../functions/companies/dsp-connections.js');

describe('companyDspConnected', () => {
  it('is true for a connected link only: not for a request, a pending, declined or disconnected link, or none', async () => {
    link.status = undefined;
    expect(await companyDspConnected('t', 'd')).toBe(false);
    for (const status of DSP_CONNECTION_STATUSES) {
      link.status = status;
      expect(await companyDspConnected('t', 'd'), status).toBe(status === 'connected');
    }
  });
});
