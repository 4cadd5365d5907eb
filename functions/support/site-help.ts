import type { SiteHelpInput, SiteHelpView } from '../../shared/schemas/support.js';
import * as store from '../data/access/support.js';
import { NotFound } from '../lib/errors.js';
import type { SiteHelpItem } from '../data/entities/site-help.js';

const view = (item: SiteHelpItem): SiteHelpView => ({
  page: item.page,
  title: item.title,
  topics: item.topics.map(({ topic, text }) => ({ topic, text })),
  updated_at: item.updatedAt ?? '',
});

/** Every page whose help an admin edited; the others show the help that ships with the site. */
export async function listSiteHelp(): Promise<{ site_help: SiteHelpView[] }> {
  const items = await store.listSiteHelp();
  return { site_help: items.map(view).sort((a, b) => a.page.localeCompare(b.page)) };
}

/** Replaces a page's help with the admin's (a save sends the whole page, so no topic is half-edited). */
export async function saveSiteHelp(page: string, input: SiteHelpInput, userId: string) {
  await store.putSiteHelp({ page, ...input, updatedBy: userId });
  return { message: 'Help was successfully saved.' };
}

/** Back to the help that ships with the site; a page never edited has nothing to reset. */
export async function resetSiteHelp(page: string) {
  if (!(await store.deleteSiteHelp(page))) throw new NotFound('Edited help');
  return { message: 'Help was reset to the built-in text.' };
}
