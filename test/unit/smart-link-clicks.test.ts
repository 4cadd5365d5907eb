import { describe, expect, it } from 'vitest';
import { clickFacts } from '../../functions/smart-links/clicks.js';
import { storeKey, storeUrl } from '../../functions/smart-links/store-urls.js';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describe('what a smart link click is counted by', () => {
  it('never counts a bot, a link unfurler or a request without a user agent', () => {
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'curl/8.5.0',
      '',
    ])
      expect(clickFacts({ 'user-agent': agent }, 'spotify', undefined)).toBeNull();
  });

  it('judges a user agent alike every time, also once thousands of others were seen', () => {
    const bot = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';
    for (let round = 0; round < 2; round += 1) {
      expect(clickFacts({ 'user-agent': bot }, 'spotify', undefined)).toBeNull();
      expect(clickFacts({ 'user-agent': DESKTOP }, 'spotify', undefined)?.device).toBe('desktop');
      for (let i = 0; i < 2_100; i += 1)
        expect(clickFacts({ 'user-agent': `${PHONE} Build/${i}` }, 'x', undefined)).not.toBeNull();
    }
  });

  it('takes the country from the CDN, the device from the browser and the referrer as a host name', () => {
    expect(
      clickFacts(
        { 'user-agent': PHONE, 'cloudfront-viewer-country': 'gb' },
        'spotify',
        'https://www.instagram.com/p/1',
      ),
    ).toEqual({ store: 'spotify', country: 'GB', device: 'mobile', referrer: 'instagram.com' });
    expect(
      clickFacts({ 'user-agent': DESKTOP, host: 'labels.example', referer: 'https://labels.example/l/abc' }, 'x', ''),
    ).toEqual({ store: 'x', country: 'unknown', device: 'desktop', referrer: 'direct' });
    expect(clickFacts({ 'user-agent': DESKTOP, referer: 'https://news.example/story' }, 'x', undefined)?.referrer).toBe(
      'news.example',
    );
    expect(clickFacts({ 'user-agent': DESKTOP, 'cloudfront-viewer-country': '<b>' }, 'x', '"><script>')?.country).toBe(
      'unknown',
    );
  });
});

describe('a store’s address', () => {
  const store = {
    key: 'apple-music',
    name: 'Apple Music',
    url: null,
    territory_urls: [{ territory: 'DE', url: 'https://music.apple.com/de/album/1' }],
  };
  it('is the country’s own address, else the link’s, else the store’s search for the code', () => {
    expect(storeUrl(store, '036000291452', 'DE')).toBe('https://music.apple.com/de/album/1');
    expect(storeUrl(store, '036000291452', 'FR')).toBe('https://music.apple.com/fr/search?term=036000291452');
    expect(storeUrl(store, '036000291452', null)).toBe('https://music.apple.com/us/search?term=036000291452');
    expect(storeUrl({ ...store, url: 'https://example.test/a' }, '1', 'FR')).toBe('https://example.test/a');
    expect(storeUrl({ key: 'shop', name: 'Our shop', url: null }, '1', 'FR')).toBeNull();
  });
  it('keys a store by its known name, else by its name in lower-case letters and dashes', () => {
    expect(storeKey('iTunes')).toBe('apple-music');
    expect(storeKey('Beatport Ltd.')).toBe('beatport-ltd');
    expect(storeKey('★')).toBe('store');
  });
});
