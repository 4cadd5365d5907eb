import { describe, expect, it } from 'vitest';
import {
  CHUNK_RECORDS,
  leaseFrom,
  leaseIsLive,
  nextStep,
  resumeMessage,
} from '../../functions/catalogue-exchange/imports/lease.js';
import { deliveryIsStuck, LEASE_MS } from '../../functions/deliveries/lease.js';

const now = new Date('2026-11-28T10:00:00.000Z');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000).toISOString();

describe('a catalogue import step', () => {
  it('is planned while queued or planning, and never again once records are being written', () => {
    expect(nextStep({ status: 'queued' })).toEqual({ step: 'plan' });
    expect(nextStep({ status: 'planning' })).toEqual({ step: 'plan' });
    expect(nextStep({ status: 'writing', done: 0, total: 250 })).toEqual({ step: 'chunk', chunk: 0 });
  });

  it('carries on with the first chunk not counted as done, and finishes once every record is done', () => {
    expect(nextStep({ status: 'writing', done: CHUNK_RECORDS, total: 250 })).toEqual({ step: 'chunk', chunk: 1 });
    expect(nextStep({ status: 'writing', done: 2 * CHUNK_RECORDS, total: 250 })).toEqual({ step: 'chunk', chunk: 2 });
    expect(nextStep({ status: 'writing', done: 250, total: 250 })).toEqual({ step: 'finish' });
    expect(nextStep({ status: 'writing', done: 0, total: 0 })).toEqual({ step: 'finish' });
  });

  it('does nothing for a finished import', () => {
    expect(nextStep({ status: 'done', done: 3, total: 3 })).toEqual({ step: 'none' });
    expect(nextStep({ status: 'failed' })).toEqual({ step: 'none' });
  });

  it('is resumed with the message of the step it needs', () => {
    const job = { tenantId: 't', importId: 'i' };
    expect(resumeMessage({ ...job, status: 'writing', done: 100, total: 250 })).toEqual({
      ...job,
      step: 'chunk',
      chunk: 1,
    });
    expect(resumeMessage({ ...job, status: 'planning' })).toEqual({ ...job, step: 'plan' });
  });
});

describe('a catalogue import lease', () => {
  it('is live until it lapses, and lasts the worker timeout', () => {
    expect(leaseIsLive({ lease_until: minutes(1) }, now)).toBe(true);
    expect(leaseIsLive({ lease_until: minutes(-1) }, now)).toBe(false);
    expect(leaseIsLive({}, now)).toBe(false);
    expect(new Date(leaseFrom(now)).getTime() - now.getTime()).toBe(15 * 60_000);
  });
});

describe('a stuck delivery', () => {
  it('is one delivering past its lease, or queued for longer than a lease', () => {
    expect(LEASE_MS).toBe(15 * 60_000);
    expect(deliveryIsStuck({ status: 'delivering', lease_until: minutes(-1) }, now)).toBe(true);
    expect(deliveryIsStuck({ status: 'delivering', lease_until: minutes(5) }, now)).toBe(false);
    expect(deliveryIsStuck({ status: 'delivering' }, now)).toBe(true);
    expect(deliveryIsStuck({ status: 'queued', queued_at: minutes(-16) }, now)).toBe(true);
    expect(deliveryIsStuck({ status: 'queued', queued_at: minutes(-1) }, now)).toBe(false);
  });

  it('is never one delivered, failed or only created', () => {
    for (const status of ['created', 'delivered', 'failed'])
      expect(deliveryIsStuck({ status, lease_until: minutes(-60), queued_at: minutes(-60) }, now)).toBe(false);
  });
});
