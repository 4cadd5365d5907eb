import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cloudUrl } from '../support/api.js';
import { launchChromium, screenshotIfAsked, signedInPage } from '../support/browser.js';
import { type OwnCompany, ownCompany } from '../support/own-company.js';
import { openInApp, pageFaults, pageReady, shownFaults, sidewaysFaults } from '../support/page-faults.js';

/**
 * The catalogue and label area as a label manager works it, with a company of its own full of records: two labels
 * (one with links, identifiers and its tools in use: to-do tasks, notes, a mailing list, a smart link, a pitch, an
 * expense), artists, contributors, payees, songs, and two releases with recordings, products and a promo. Every list
 * and record page of the area is opened at 1,400 px with the side menu open, then again at 1,000 px with it folded;
 * a page fails when it shows an internal id, a stored value, engine text or a placeholder, a day written otherwise
 * than "5th Feb 2027", when a table or the page scrolls sideways, or when the browser throws.
 */
let browser: Browser;
let own: OwnCompany;
let paths: string[];
/** Words a page must show, by path: a stored choice or an amount in the user's words. */
const mustSay = new Map<string, string[]>();

async function company() {
  own = await ownCompany('Catalogue Walk', { distributed: true, tags: ['Publisher'] });
  const { api } = own;
  const stamp = Date.now();
  const made = async (path: string, body: object, key: string) => {
    const answer = await api.post(path, body);
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(201);
    return answer.body[key] as { id: string; name?: string; title?: string } & Record<string, any>;
  };
  const label = await own.label(`Walk Records ${stamp}`, {
    email: 'hello@walk-records.example',
    deal_percentage: 20,
    short_biog: 'Warm records from the coast.',
    pseudonyms: ['Walk Recordings'],
    urls: [{ link: 'https://walk-records.example', link_text: 'Website' }],
    label_identifiers: [{ type_of: 'PPL label code', ref: 'LC 01234' }],
  });
  await own.label(`Walk Sister Label ${stamp}`, { active: false });
  const [singer, writer, producer, payee, otherPayee] = await Promise.all([
    made(
      '/artists',
      {
        name: `Walk Singer ${stamp}`,
        config: 'individual',
        email: 'singer@walk-records.example',
        biog: 'Sings by the sea.',
        artist_identifiers_attributes: [{ service: 'Discogs', identifier: '123456' }],
        urls_attributes: [{ link: 'https://walk-singer.example', link_text: 'Artist Website' }],
      },
      'artist',
    ),
    made('/contributors', { name: `Walk Writer ${stamp}`, email: 'writer@walk-records.example' }, 'contributor'),
    made('/contributors', { name: `Walk Producer ${stamp}` }, 'contributor'),
    made('/payees', { name: `Walk Payee ${stamp}`, email: 'payee@walk-records.example' }, 'payee'),
    made('/payees', { name: `Walk Other Payee ${stamp}` }, 'payee'),
  ]);
  const band = await made(
    '/artists',
    {
      name: `Walk Band ${stamp}`,
      config: 'band',
      artist_members_attributes: [
        { contributor_id: producer.id, membership_type: 'main', roles: ['Drums'], payee_id: payee.id, active: true },
      ],
    },
    'artist',
  );
  const holder = (
    await call('POST', '/api/v1/rightsholders', { token: own.admin, body: { name: `Walk Masters ${stamp}` } })
  ).body.rightsholder;
  const publisher = (
    await call('POST', '/api/v1/publishers', { token: own.admin, body: { name: `Walk Publishing ${stamp}` } })
  ).body.publisher;
  const recording = (title: string, isrc: string, artistId: string, more: object = {}) =>
    made(
      '/recordings',
      {
        title,
        isrc,
        length: '00:03:42',
        artist_recordings_attributes: [{ artist_id: artistId, role: 'Main' }],
        contributor_recordings_attributes: [
          { contributor_id: writer.id, roles: ['Writer', 'Composer'] },
          { contributor_id: producer.id, roles: ['Producer'] },
        ],
        recording_payees_attributes: [{ payee_id: payee.id, split: 100 }],
        ...more,
      },
      'recording',
    );
  // One recording with a row in each of its tables: the widest its page gets.
  const tracks = await Promise.all([
    recording('Harbour Lights', 'GBWLK2600001', singer.id, {
      mix_title: 'Radio Edit',
      recording_date: '2026-05-14',
      recording_venue: 'Harbour Studio',
      c_line: 'Walk Records',
      c_line_year: 2026,
      p_line: 'Walk Records',
      p_line_year: 2026,
      publisher_recordings_attributes: [{ publisher_id: publisher.id }],
      recording_performers_attributes: [
        { contributor_id: producer.id, membership_number: '1234567', category: 'Featured', role: 'Vocals' },
      ],
      rightsholdings_attributes: [
        {
          rightsholder_id: holder.id,
          type: 'neighbouring',
          share: 100,
          begin_date: '2026-01-01',
          end_date: '2036-12-31',
          territories: ['GB', 'IE'],
        },
      ],
      repertoire_ownerships_attributes: [
        { owner_name: 'Walk Records Ltd', share: 100, territories: ['GB'], start_date: '2026-01-01' },
      ],
      product_items_attributes: [
        {
          price_tier: 'Budget',
          retail_price: '0.99',
          wholesale_price: '0.60',
          sample_start_time: 30,
          sample_length: 30,
        },
      ],
      recording_identifiers_attributes: [{ type_of: 'Catalogue number', identifier: 'WALK002-1' }],
      urls_attributes: [{ link: 'https://walk-records.example/harbour-lights', link_text: 'Lyrics' }],
    }),
    recording('Low Tide', 'GBWLK2600002', singer.id),
    recording('Sea Wall', 'GBWLK2600003', band.id),
  ]);
  const release = (title: string, artistId: string, trackIds: string[], day: string, upc: string) =>
    made(
      '/releases',
      {
        title,
        label_id: label.id,
        cat_no: `WALK${String(trackIds.length).padStart(3, '0')}`,
        release_date: day,
        upc,
        artist_releases_attributes: [{ artist_id: artistId, role: 'Main' }],
        release_recordings_attributes: trackIds.map((id) => ({ recording_id: id })),
        products_attributes: [
          {
            format: 'Digital',
            product_territories_pricing: [{ territory: 'GB', price_tier: 'Mid', retail_price: '7.99' }],
            product_items: trackIds.map((id) => ({ recording_id: id, price_tier: 'Budget', retail_price: '0.99' })),
          },
        ],
      },
      'release',
    );
  const [ep, single] = await Promise.all([
    release(`Walk Harbour EP ${stamp}`, singer.id, [tracks[0].id, tracks[1].id], '2027-02-05', '036000291452'),
    release(`Walk Sea Wall ${stamp}`, band.id, [tracks[2].id], '2027-03-12', '012345678905'),
  ]);
  const [song, promo, list] = await Promise.all([
    made(
      '/songs',
      {
        title: `Harbour Lights ${stamp}`,
        iswc: 'T-034.524.680-1',
        publisher_songs_attributes: [{ publisher_id: publisher.id, start_date: '2026-01-01', end_date: '2030-12-31' }],
        song_writers_attributes: [{ contributor_id: writer.id, share: 100 }],
      },
      'song',
    ),
    made('/promos', { release_id: ep.id }, 'promo'),
    made('/mailing_lists', { name: 'Walk DJs' }, 'mailing_list'),
  ]);
  const expense = await made(
    '/expenses',
    {
      date: '2026-02-01',
      description: 'Sleeve artwork',
      supplier: 'Acme Print',
      category: 'Artwork',
      subtotal: '100',
      vat: '20',
      expensable_id: label.id,
    },
    'expense',
  );
  await Promise.all([
    api.post(`/mailing_lists/${list.id}/members`, { email: `dj.${stamp}@walk-records.example`, name: 'Dee Jay' }),
    api.post(`/labels/${label.id}/todo_list`),
    api
      .post(`/labels/${label.id}/notebook`)
      .then(() => api.get(`/labels/${label.id}/notebook`))
      .then((book) =>
        api.post('/notes', {
          note: { notebook_id: book.body.notebook.id, title: 'Press', content: 'Call the radio.', tags: ['radio'] },
        }),
      ),
    made('/smart_links', { smart_link: { release_id: single.id } }, 'smart_link'),
    made(
      '/marketing/standalone_single_email',
      {
        form: {
          label_id: label.id,
          release_id: single.id,
          release_date: '2027-03-12',
          genres: ['Pop'],
          pitch: 'A single for the first warm evening of the year.',
        },
      },
      'request',
    ),
  ]);
  // A rightsholding's kind and a price line's amounts, as the recording's form offers and a price is written.
  mustSay.set(`/user/recordings/${tracks[0].id}`, ['Neighbouring', '£0.99', '£0.60']);
  // A band member's membership type, as the artist's form offers it.
  mustSay.set(`/user/artists/${band.id}`, ['Main']);
  const labelQuery = `?label_id=${label.id}&label_name=${encodeURIComponent(label.name as string)}`;
  const L = `/user/labels/${label.id}`;
  const R = `/user/releases/${ep.id}`;
  const tools = '/user/labels/tools';
  const promoTools = '/user/labels/promo_tools';
  paths = [
    '/user/labels',
    L,
    `${L}/edit`,
    `${L}/assets`,
    `${L}/settings`,
    `${L}/contracts`,
    `${L}/distribution_statements`,
    `${L}/statement_settings`,
    `${L}/store`,
    tools,
    ...['todo_list', 'notebook', 'calendar', 'whitelist', 'youtube_claims', 'marketing'].map(
      (tool) => `${tools}/${tool}${labelQuery}`,
    ),
    `${tools}/marketing/new_release`,
    `${tools}/marketing/new_release/album_ep`,
    `${tools}/marketing/new_release/single`,
    `${tools}/marketing/smart_url`,
    promoTools,
    `${promoTools}/template_designer`,
    `${promoTools}/mailing_lists/${list.id}`,
    '/user/labels/finances',
    `/user/labels/finances/expenses${labelQuery}`,
    `/user/labels/finances/expenses/${expense.id}/edit`,
    '/user/artists',
    `/user/artists/${singer.id}`,
    `/user/artists/${singer.id}/edit`,
    `/user/artists/${singer.id}/recordings`,
    `/user/artists/${singer.id}/releases`,
    `/user/artists/${singer.id}/finances`,
    `/user/artists/${band.id}`,
    '/user/contributors',
    `/user/contributors/${writer.id}`,
    '/user/payees',
    `/user/payees/${payee.id}`,
    `/user/payees/${otherPayee.id}/edit`,
    '/user/songs',
    `/user/songs/${song.id}`,
    `/user/songs/${song.id}/edit`,
    '/user/songs/cwr_registrations',
    '/user/releases',
    R,
    `${R}/edit`,
    `${R}/assets`,
    `${R}/products`,
    `${R}/contracts`,
    `${R}/promos`,
    `${R}/promos/${promo.id}`,
    `${R}/distribution`,
    `/user/releases/${single.id}`,
    '/user/recordings',
    `/user/recordings/${tracks[0].id}`,
    `/user/recordings/${tracks[0].id}/edit`,
    '/user/data_management',
    '/user/data_management/new',
    '/user/profile/imports',
    '/user/profile/exports',
    '/user/marketing',
  ];
}

beforeAll(async () => {
  [browser] = await Promise.all([launchChromium(), company()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

/** What is wrong on the page now, each as "path: fault". */
async function faults(page: Page, path: string): Promise<string[]> {
  const found = [...(await pageFaults(page, path)), ...(await sidewaysFaults(page, path))];
  const text = await page.evaluate(() => document.querySelector('main')?.innerText ?? '');
  for (const words of mustSay.get(path) ?? [])
    if (!text.includes(words)) found.push(`${path}: does not say "${words}"`);
  return found;
}

/** Whether the side menu is folded to its rail (measured: the layout may fold it without the app's say). */
const menuFolded = async (page: Page) => ((await page.getByTestId('side-menu').boundingBox())?.width ?? 0) < 150;

/** Opens or folds the side menu, as its user does with the button above it. */
async function showMenu(page: Page, open: boolean) {
  if ((await menuFolded(page)) !== open) return;
  await page
    .getByRole('button', { name: open ? 'Expand side menu' : 'Collapse side menu' })
    .first()
    .click();
  await expect.poll(() => menuFolded(page)).toBe(!open);
}

/**
 * Opens every page in `page` and answers what is wrong on each; `shots` names the screenshots. With `menuOpen`, each
 * page is checked with the side menu open (opened again if the layout folded it).
 */
async function walk(page: Page, shots: string, menuOpen: boolean): Promise<string[]> {
  const found: string[] = [];
  for (const [index, path] of paths.entries()) {
    await openInApp(page, path, pageReady);
    const stuck = await pageReady(page, path);
    // Measured with the side menu open: the narrowest the page gets at this width.
    if (menuOpen) await showMenu(page, true);
    found.push(...(stuck ? [stuck] : await faults(page, path)));
    await screenshotIfAsked(page, `/tmp/shots/catalogue-walk-${shots}-${String(index).padStart(2, '0')}.png`, true);
  }
  return found;
}

describe('the catalogue and label pages, with records of the company’s own', () => {
  it('are read for what a user should not see, and merge fields and addresses are not taken for it', () => {
    expect(shownFaults('Released 2027-02-05, on 5 Feb 2027, Feb 5, 2027 and 05/02/2027')).toEqual([
      'shows a day as stored ("2027-02-05")',
      'shows a day written otherwise than "5th Feb 2027" ("5 Feb 2027")',
    ]);
    expect(shownFaults('Type neighbouring_right, 01M997P0AHVTKM351EYQYPT50P')).toEqual([
      'shows an internal id ("01M997P0AHVTKM351EYQYPT50P")',
      'shows a stored value ("neighbouring_right")',
    ]);
    expect(shownFaults('Total NaN, out Invalid date, undefined')).toEqual(['shows engine text ("NaN")']);
    expect(
      shownFaults(
        'Hi {name}, out {release_date}. Write to dee_jay@walk.example or https://walk.example/a_b on 5th Feb 2027',
      ),
    ).toEqual([]);
  });

  it('speak the user’s words and fit the window at 1,400 px with the menu open and at 1,000 px', async () => {
    // Two windows walked side by side (most of a page's time is waiting for its answers).
    const open = (width: number) =>
      signedInPage(browser, cloudUrl(), own.manager, {
        company: { id: own.companyId, name: own.name },
        viewport: { width, height: 1000 },
      });
    const [wide, narrow] = await Promise.all([open(1400), open(1000)]);
    // The narrow one with the side menu folded to its rail, as a user of a small laptop keeps it.
    await narrow.page.getByTestId('side-menu').waitFor();
    await showMenu(narrow.page, false);
    const [wideFaults, narrowFaults] = await Promise.all([
      walk(wide.page, '1400', true),
      walk(narrow.page, '1000', false),
    ]);
    expect([
      ...wideFaults,
      ...narrowFaults.map((fault) => `at 1,000 px ${fault}`),
      ...[...wide.errors, ...narrow.errors].map((error) => `uncaught page error: ${error}`),
    ]).toEqual([]);
  }, 300_000);
});
