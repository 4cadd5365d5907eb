import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api.js';
import { type OwnCompany, ownCompany } from '../support/own-company.js';

/**
 * Bad inputs to the distribution area's calls, sent as an admin: every refusal is a 400 naming the field that is
 * wrong (or a 404 naming the record not found), in words; none is a server error.
 */
let own: OwnCompany;
const MISSING = '01ZZZZZZZZZZZZZZZZZZZZZZZZ';

beforeAll(async () => {
  own = await ownCompany('Distribution bad inputs', { distributed: true });
});

type Probe = {
  method: string;
  path: string;
  body?: unknown;
  /** The call is the current company's (the X-Company-Id header). */
  inCompany?: boolean;
  status: 400 | 404;
  /** The field a 400 names. */
  field?: string;
};

const PROBES: Probe[] = [
  { method: 'GET', path: '/distribution/marketing?status=open', status: 400, field: 'status' },
  { method: 'PATCH', path: `/distribution/marketing/${MISSING}`, body: { status: 'done' }, status: 404 },
  {
    method: 'PATCH',
    path: `/distribution/marketing/${MISSING}`,
    body: { status: 'closed' },
    status: 400,
    field: 'status',
  },
  { method: 'PATCH', path: `/distribution/marketing/${MISSING}`, body: {}, status: 400, field: 'status' },
  {
    method: 'PATCH',
    path: '/distribution/marketing_settings',
    body: { lead_weeks: 'four' },
    status: 400,
    field: 'lead_weeks',
  },
  {
    method: 'PATCH',
    path: '/distribution/marketing_settings',
    body: { lead_weeks: -1 },
    status: 400,
    field: 'lead_weeks',
  },
  {
    method: 'PATCH',
    path: '/distribution/marketing_settings',
    body: { lead_weeks: 1.5 },
    status: 400,
    field: 'lead_weeks',
  },
  { method: 'PATCH', path: '/distribution/marketing_settings', body: {}, status: 400, field: 'lead_weeks' },
  { method: 'GET', path: '/deliveries?per_page=abc', status: 400, field: 'per_page' },
  { method: 'GET', path: '/deliveries?sort_field=password', status: 400, field: 'sort_field' },
  { method: 'GET', path: `/deliveries/${MISSING}`, status: 404 },
  { method: 'DELETE', path: `/deliveries/${MISSING}`, status: 404 },
  { method: 'POST', path: '/deliveries/new', body: { release_date: 'soon' }, status: 400, field: 'release_date' },
  { method: 'POST', path: '/deliveries/import', body: { file: '' }, status: 400, field: 'file' },
  { method: 'GET', path: `/companies/${MISSING}/distribution`, status: 404 },
  { method: 'POST', path: `/companies/${MISSING}/distributors`, body: {}, status: 400, field: 'company_distributor' },
  { method: 'PATCH', path: `/dsp_connections/${MISSING}`, body: {}, status: 400 },
  { method: 'POST', path: '/distributors', body: { name: '' }, status: 400, field: 'name' },
  { method: 'GET', path: `/distributors/${MISSING}`, status: 404 },
  { method: 'POST', path: '/dsps', body: { name: '' }, status: 400, field: 'name' },
  { method: 'GET', path: `/dsps/${MISSING}`, status: 404 },
  { method: 'GET', path: `/distribution_labels/${MISSING}`, inCompany: true, status: 404 },
  { method: 'POST', path: '/distribution_upcs/import', body: {}, inCompany: true, status: 400, field: 'upcs' },
  { method: 'GET', path: `/distribution_statements/${MISSING}`, inCompany: true, status: 404 },
  {
    method: 'POST',
    path: '/distribution_upcs/import',
    body: { upcs: 5060000000009 },
    inCompany: true,
    status: 400,
    field: 'upcs',
  },
  {
    method: 'POST',
    path: '/distribution_upcs/link_to_release',
    body: {},
    inCompany: true,
    status: 400,
    field: 'release_id',
  },
  {
    method: 'PATCH',
    path: `/distribution_labels/${MISSING}`,
    body: { label: { name: 'Renamed' } },
    inCompany: true,
    status: 404,
  },
  { method: 'POST', path: '/crm/clients', body: { client: {} }, inCompany: true, status: 400, field: 'client.name' },
  {
    method: 'POST',
    path: '/crm/clients',
    body: { client: { name: 'Bad Deal', deal_percentage: 'lots' } },
    inCompany: true,
    status: 400,
    field: 'client.deal_percentage',
  },
  { method: 'GET', path: `/crm/clients/${MISSING}`, inCompany: true, status: 404 },
  {
    method: 'PATCH',
    path: `/dsp_connections/${MISSING}`,
    body: { dsp_connection: { status: 'maybe' } },
    status: 400,
    field: 'dsp_connection.status',
  },
  {
    method: 'PATCH',
    path: `/dsp_connections/${MISSING}`,
    body: { dsp_connection: { status: 'connected' } },
    status: 404,
  },
  {
    method: 'POST',
    path: `/companies/${MISSING}/dsp_connections`,
    body: { dsp_connection: { dsp_id: MISSING } },
    status: 404,
  },
  { method: 'POST', path: '/deliveries/import', body: { file: 'no header here' }, status: 400, field: 'file' },
  { method: 'PATCH', path: `/distributors/${MISSING}`, body: { name: 'Renamed' }, status: 404 },
  { method: 'DELETE', path: `/distributors/${MISSING}`, status: 404 },
  { method: 'PATCH', path: `/dsps/${MISSING}`, body: { name: 'Renamed' }, status: 404 },
];

/** zod's and the engine's own words, which a person should never be answered with. */
const ENGINE_TEXT = /Invalid (input|option)|expected|received|undefined|NaN|\[object/i;

describe('the distribution area’s refusals', () => {
  it.each(PROBES.map((probe) => [`${probe.method} ${probe.path} ${JSON.stringify(probe.body ?? '')}`, probe]))(
    '%s',
    async (_name, probe) => {
      const answer = await call(probe.method, `/api/v1${probe.path}`, {
        token: own.admin,
        ...(probe.inCompany ? { company: own.companyId } : {}),
        ...(probe.body !== undefined ? { body: probe.body } : {}),
      });
      const said = JSON.stringify(answer.body);
      expect(answer.status, said).toBe(probe.status);
      expect(typeof answer.body.message, said).toBe('string');
      expect(said).not.toMatch(ENGINE_TEXT);
      if (probe.field) expect(Object.keys(answer.body.errors ?? {}), said).toContain(probe.field);
    },
  );
});
