/**
 * What an empty clients table says: "no match" only while a filter or search is set; otherwise that there are no
 * clients yet and how to add one, pointing at the Onboard button only where the page has it (the CRM), and at the CRM
 * from the client companies list, which has none.
 */
export function clientsEmptyText({ filtered, canOnboard }: { filtered: boolean; canOnboard: boolean }): string {
  if (filtered) return 'No client company matches the filters';
  return canOnboard
    ? 'No client companies yet: choose Onboard client company to add one'
    : 'No client companies yet: onboard one on the Distribution CRM page';
}

/** Where the client companies list sends a reader to onboard a client: the Distribution CRM page, which has the button. */
const CRM_PAGE = { words: 'Distribution CRM page', href: '/distribution/crm' };

/**
 * The empty clients table's words cut where they name the Distribution CRM page, so the page can link those words;
 * `link` is absent when the words name no other page.
 */
export function clientsEmptyParts(state: { filtered: boolean; canOnboard: boolean }): {
  before: string;
  link?: typeof CRM_PAGE;
  after: string;
} {
  const text = clientsEmptyText(state);
  const at = text.indexOf(CRM_PAGE.words);
  if (at < 0) return { before: text, after: '' };
  return { before: text.slice(0, at), link: CRM_PAGE, after: text.slice(at + CRM_PAGE.words.length) };
}
