import { afterEach, describe, expect, it } from 'vitest';
import { ENV } from '../../infra/resources.js';
import { appLinkBack } from '../../functions/lib/mail.js';

// A card checkout sends the user back into the app: to the address they opened it on when that is the app's own,
// since a browser keeps the session per origin; never to another site's.
describe('appLinkBack', () => {
  const before = process.env[ENV.appUrl];
  afterEach(() => {
    if (before === undefined) delete process.env[ENV.appUrl];
    else process.env[ENV.appUrl] = before;
  });

  it('follows the app’s own origin and a loopback one, and nothing else', () => {
    process.env[ENV.appUrl] = 'https://app.example.com';
    const path = '/user/companies/c1/plan?checkout=success';
    expect(appLinkBack('https://app.example.com', path)).toBe(`https://app.example.com${path}`);
    expect(appLinkBack('http://127.0.0.1:3400', path)).toBe(`http://127.0.0.1:3400${path}`);
    expect(appLinkBack('http://localhost:5173', path)).toBe(`http://localhost:5173${path}`);
    for (const origin of [undefined, 'https://attacker.example', 'null', 'http://127.0.0.1:3400/evil', 'javascript:x'])
      expect(appLinkBack(origin, path)).toBe(`https://app.example.com${path}`);
  });
});
