import { describe, expect, it, vi } from 'vitest';

/**
 * An import's folder keeps the files its manifest lists: a file an interrupted run wrote and never
 * recorded is removed once a run records the manifest; a file written while this run was writing
 * (another writer about to record it) is left alone.
 */
const send = vi.fn();
vi.mock('../../functions/lib/clients.js', () => ({ s3Client: () => ({ send }), requireEnv: () => 'ledger' }));

const { removeOrphanLedgerFiles } = await import('../../functions/royalties/ledger/store.js');

describe('orphan ledger files', () => {
  it('removes the files of the folder the manifest does not list, written before this run wrote', async () => {
    const from = new Date('2026-07-01T12:00:00Z');
    const at = (seconds: number) => new Date(from.getTime() + seconds * 1000);
    send.mockImplementation(async (command: { input: Record<string, unknown> }) =>
      'Delete' in command.input
        ? {}
        : {
            Contents: [
              { Key: 'ledger/T1/I1/lines-OLD.parquet', LastModified: at(-120) },
              { Key: 'ledger/T1/I1/lines-NEW.parquet', LastModified: at(2) },
              { Key: 'ledger/T1/I1/lines-RACING.parquet', LastModified: at(1) },
            ],
          },
    );
    const removed = await removeOrphanLedgerFiles('ledger', 'T1', 'I1', ['ledger/T1/I1/lines-NEW.parquet'], from);
    expect(removed).toEqual(['ledger/T1/I1/lines-OLD.parquet']);
    const [list, remove] = send.mock.calls.map(([command]) => command.input);
    expect(list).toMatchObject({ Bucket: 'ledger', Prefix: 'ledger/T1/I1/' });
    expect(remove).toMatchObject({
      Bucket: 'ledger',
      Delete: { Objects: [{ Key: 'ledger/T1/I1/lines-OLD.parquet' }] },
    });
  });
});
