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
