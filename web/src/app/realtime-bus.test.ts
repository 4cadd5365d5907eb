import { describe, expect, it, vi } from 'vitest';
import { createRealtimeBus, parseRealtimeFrame, reconnectDelay } from './realtime-bus';

describe('realtime bus', () => {
  it('dispatches to subscribers of the type and of *, until they unsubscribe', () => {
    const bus = createRealtimeBus();
    const recording = vi.fn();
    const all = vi.fn();
    const other = vi.fn();
    const off = bus.subscribe('Recording', recording);
    bus.subscribe('*', all);
    bus.subscribe('Release', other);
    bus.dispatch({ type: 'Recording', id: 'r1' });
    expect(recording).toHaveBeenCalledWith({ type: 'Recording', id: 'r1' });
    expect(all).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
    off();
    bus.dispatch({ type: 'Recording', id: 'r2' });
    expect(recording).toHaveBeenCalledTimes(1);
    expect(all).toHaveBeenCalledTimes(2);
  });

  it('keeps dispatching when a subscriber throws', () => {
    const bus = createRealtimeBus();
    const after = vi.fn();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    bus.subscribe('x', () => {
      throw new Error('boom');
    });
    bus.subscribe('x', after);
    bus.dispatch({ type: 'x' });
    expect(after).toHaveBeenCalled();
    spy.mockRestore();
  });

  it('parses only JSON objects with a type', () => {
    expect(parseRealtimeFrame('{"type":"pong"}')).toEqual({ type: 'pong' });
    expect(parseRealtimeFrame('not json')).toBeNull();
    expect(parseRealtimeFrame('{"no":"type"}')).toBeNull();
    expect(parseRealtimeFrame(42)).toBeNull();
  });

  it('backs off exponentially up to a minute', () => {
    expect([0, 1, 2, 3].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000]);
    expect(reconnectDelay(20)).toBe(60_000);
  });
});
