/**
 * The copy a duplicated release starts from: drafted again, with no id, catalogue
 * number, UPC, products, recordings, images, URLs, contracts or artist-release ids. The artist
 * rows and to-dos are kept as new rows.
 */
export function duplicateRelease<T extends Record<string, unknown> & { id: string }>(release: T): T {
  const {
    cat_no: _c,
    upc: _u,
    products: _p,
    release_recordings: _r,
    release_identifiers: _i,
    images: _im,
    urls: _url,
    artist_release_contracts: _ct,
    // A copy starts its own quality control history.
    status_history: _h,
    ...kept
  } = release;
  const asNewRows = (field: string) =>
    ((release[field] as Record<string, unknown>[] | undefined) ?? []).map(({ id: _id, ...row }) => row);
  const artists = asNewRows('artist_releases');
  return {
    ...kept,
    id: '',
    status: 'drafted',
    artist_releases: artists,
    // The to-dos carry over as new tasks of the copy (their ids are the original's).
    ...(release.todo_tasks ? { todo_tasks: asNewRows('todo_tasks') } : {}),
    products: [],
    release_recordings: [],
  } as unknown as T;
}
