/** POST import_release: one release from rows of the release sheet (a stub until the release importer lands). */
export async function importOneRelease(
  _scope: { tenantId: string; userId: string },
  _rows: readonly Record<string, string | number | boolean>[],
): Promise<{ message: string }> {
  return { message: '0 records were added' };
}
