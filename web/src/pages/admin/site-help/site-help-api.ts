import { api } from '../../../app/api';
import { useApi } from '../../../app/resources';
import type { SiteHelpInput, SiteHelpView } from '../../../../../shared/schemas/support';
import { HELP_TOPICS } from '../../../app/layout/help-topics';

export type HelpTexts = { title: string; topics: SiteHelpInput['topics'] };

/** Every page whose help an admin edited (the help panel and the admin page read the same list). */
export const useSiteHelp = () => useApi<{ site_help: SiteHelpView[] }>('/site_help');

/** A page's help as the panel shows it: the admin's edit when there is one, else the help that ships with the site. */
export function helpFor(page: string | undefined, edited: readonly SiteHelpView[] | undefined): HelpTexts | undefined {
  if (!page) return undefined;
  const saved = edited?.find((h) => h.page === page);
  return saved ? { title: saved.title, topics: saved.topics } : HELP_TOPICS[page];
}

export const saveSiteHelp = (page: string, input: SiteHelpInput) =>
  api.put<{ message: string }>(`/admin/site_help/${encodeURIComponent(page)}`, input);

export const resetSiteHelp = (page: string) =>
  api.delete<{ message: string }>(`/admin/site_help/${encodeURIComponent(page)}`);
