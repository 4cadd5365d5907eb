import { beforeAll, describe, expect, it } from 'vitest';
import type { SmartLinkItem } from '../../functions/data/entities/smart-link.js';
import { appLink } from '../../functions/lib/mail.js';
import { checkOneClickBody, oneClickHeaders } from '../../functions/lib/one-click-unsubscribe.js';
import { FAN_CONSENT, fanSignupInput } from '../../shared/schemas/smart-links.js';

/** The "notify me" sign-up's input rules, the release-day mail's content and the one-click unsubscribe rules. */
let fanMail: typeof import('../../functions/smart-links/fan-notices.js').fanMail;
beforeAll(async () => {
  process.env.TABLE_NAME ??= 'unit-test-table';
  process.env.AWS_REGION ??= 'eu-west-2';
  ({ fanMail } = await import('../../functions/smart-links/fan-notices.js'));
});

const link = {
  tenantId: 't1',
  id: 'l1',
  slug: 'AbCd2345',
  release_id: 'r1',
  title: 'Coming Soon',
  artists: 'The Waiters',
  code: '036000291452',
  stores: [
    { key: 'spotify', name: 'Spotify' },
    { key: 'own-shop', name: 'Our shop', url: 'https://shop.example/cs' },
    { key: 'nowhere', name: 'A store without an address' },
  ],
} as SmartLinkItem;

describe('notify me sign-up', () => {
  const parse = (fan: unknown) => fanSignupInput.safeParse({ fan });

  it('needs the box ticked: unticked or missing is refused on the consent field', () => {
    const unticked = parse({ email: 'fan@example.test', consent: false });
    expect(unticked.success).toBe(false);
    expect(unticked.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['fan.consent', FAN_CONSENT]]);
    expect(parse({ email: 'fan@example.test' }).error?.issues[0].path).toEqual(['fan', 'consent']);
    expect(parse({ email: 'fan@example.test', consent: 'yes' }).success).toBe(false);
  });

  it('keeps the address in lower case and refuses one too long or not an address', () => {
    expect(parse({ email: ' Fan@Example.TEST ', consent: true }).data?.fan.email).toBe('fan@example.test');
    expect(parse({ email: `${'a'.repeat(250)}@example.test`, consent: true }).success).toBe(false);
    expect(parse({ email: 'nobody', consent: true }).success).toBe(false);
    expect(parse({ email: 'fan@example.test', consent: true, extra: 1 }).success).toBe(false);
  });
});

describe('the release-day mail', () => {
  it('comes in the artists’ name with replies to the label, sends each store through the counted redirect, skips a store with no address, and offers one-click leave', () => {
    const label = { name: 'Harbour Records', replyTo: 'hello@harbour.example' };
    const mail = fanMail(link, { email: 'fan@example.test' }, 'fanid.secret', label);
    expect(mail.to).toBe('fan@example.test');
    expect(mail.sender).toEqual({ name: 'The Waiters', replyTo: 'hello@harbour.example' });
    expect(fanMail({ ...link, artists: undefined }, { email: 'f@x.test' }, 't', label).sender?.name).toBe(
      'Harbour Records',
    );
    expect(mail.subject).toBe('The Waiters – Coming Soon is out now');
    expect(mail.text).toContain(`Spotify: ${appLink('/api/v1/go/AbCd2345/spotify?ref=email')}`);
    expect(mail.text).toContain(`Our shop: ${appLink('/api/v1/go/AbCd2345/own-shop?ref=email')}`);
    expect(mail.text).not.toContain('A store without an address');
    expect(mail.text).toContain(`Unsubscribe: ${appLink('/l/AbCd2345/unsubscribe/fanid.secret')}`);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${appLink('/api/v1/link_pages/AbCd2345/unsubscribe/fanid.secret')}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});

describe('one-click unsubscribe', () => {
  it('takes the mail client’s form or an empty body, and refuses anything else', () => {
    for (const body of ['', '{}', 'List-Unsubscribe=One-Click', ' List-Unsubscribe=One-Click\n'])
      expect(() => checkOneClickBody(body)).not.toThrow();
    expect(() => checkOneClickBody('List-Unsubscribe=Everything')).toThrow(/One-Click or empty/);
    expect(oneClickHeaders('https://x.test/u')['List-Unsubscribe']).toBe('<https://x.test/u>');
  });
});
