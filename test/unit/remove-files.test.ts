import { afterEach, describe, expect, it, vi } from 'vitest';

/** A failure to delete files is logged, never thrown: the record stays deleted. */
const send = vi.fn();
const error = vi.fn();
vi.mock('../../functions/lib/clients.js', () => ({
  s3Client: () => ({ send }),
  requireEnv: () => 'uploads',
}));
vi.mock('../../functions/lib/logger.js', () => ({ log: () => ({ error, info: vi.fn(), warn: vi.fn() }) }));
vi.mock('../../functions/data/access/catalogue-assets.js', () => ({
  listCatalogueAssets: vi.fn(async () => []),
  deleteCatalogueAsset: vi.fn(),
}));

const { labelFilePrefixes, releaseFilePrefixes, removeLabelFiles, removeReleaseFiles } = await import(
  '../../functions/artwork/remove-files.js'
);

afterEach(() => vi.clearAllMocks());

describe('removing a deleted record’s files', () => {
  it('covers the cover art, its renditions and the assets of a release; a label’s assets and logo', () => {
    expect(releaseFilePrefixes('t1', 'r1')).toEqual([
      'artwork/t1/r1/',
      'artwork-renditions/t1/r1/',
      'assets/t1/releases/r1/',
    ]);
    expect(labelFilePrefixes('t1', 'l1')).toEqual(['assets/t1/labels/l1/', 'logos/t1/labels/l1/']);
  });

  it('logs and carries on when the bucket refuses', async () => {
    send.mockRejectedValue(new Error('AccessDenied'));
    await expect(removeReleaseFiles('t1', { id: 'r1', artwork: { key: 'artwork/t1/r1/a.jpg' } })).resolves.toBe(
      undefined,
    );
    await expect(removeLabelFiles('t1', { labelId: 'l1' })).resolves.toBe(undefined);
    expect(error).toHaveBeenCalledWith(
      'files of a deleted record not removed',
      expect.objectContaining({ tenantId: 't1', releaseId: 'r1', error: 'AccessDenied' }),
    );
    expect(error).toHaveBeenCalledWith(
      'files of a deleted record not removed',
      expect.objectContaining({ labelId: 'l1' }),
    );
  });

  it('deletes the named keys too (a logo uploaded before its label existed)', async () => {
    send.mockImplementation(async (command: { input: Record<string, unknown> }) =>
      'Delete' in command.input ? {} : { Contents: [] },
    );
    await removeLabelFiles('t1', { labelId: 'l1', logo: { key: 'logos/t1/labels/new/x.png' } });
    const deletes = send.mock.calls.map(([c]) => c.input).filter((input) => 'Delete' in input);
    expect(deletes).toEqual([
      { Bucket: 'uploads', Delete: { Objects: [{ Key: 'logos/t1/labels/new/x.png' }], Quiet: true } },
    ]);
  });
});
