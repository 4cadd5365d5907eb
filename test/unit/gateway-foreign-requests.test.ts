import { describe, expect, it } from 'vitest';
import { foreignRequest, servedHostNames } from '../../infra/local/gateway.js';

// The local cloud answers only its own host names and the app's own origins: a page on another site must not
// drive it from a user's browser, and a DNS-rebound name pointing at 127.0.0.1 must not reach it either.
describe('the local gateway refuses requests from other sites', () => {
  const served = servedHostNames('127.0.0.1');

  it('answers loopback hosts with or without the app’s own origin', () => {
    expect(foreignRequest({ host: 'localhost:3000' }, served)).toBeUndefined();
    expect(foreignRequest({ host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' }, served)).toBeUndefined();
    expect(foreignRequest({ host: '[::1]:3000', origin: 'http://localhost:3000' }, served)).toBeUndefined();
  });

  it('refuses a host name it does not serve (DNS rebinding)', () => {
    expect(foreignRequest({ host: 'attacker.example:3000' }, served)).toBe(
      'This host name is not served by the local cloud',
    );
    expect(foreignRequest({}, served)).toBe('This host name is not served by the local cloud');
  });

  it('refuses another site’s origin, and an origin it cannot read', () => {
    for (const origin of ['https://attacker.example', 'null', 'http://localhost.attacker.example'])
      expect(foreignRequest({ host: 'localhost:3000', origin }, served)).toBe(
        'Requests from other sites are refused by the local cloud',
      );
  });

  it('serves the address npm start --host opened it on', () => {
    const lan = servedHostNames('192.168.1.20');
    expect(foreignRequest({ host: '192.168.1.20:3000', origin: 'http://192.168.1.20:3000' }, lan)).toBeUndefined();
    expect(foreignRequest({ host: '192.168.1.21:3000' }, lan)).toBeDefined();
  });
});
