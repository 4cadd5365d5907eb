import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planBatch } from '../../functions/deliveries/batch-plan.js';
import { EndpointProblem, sftpEndpointOf } from '../../functions/deliveries/dsp-endpoint.js';
import { UploadProblem, uploadBatch } from '../../functions/deliveries/sftp-upload.js';
import { freePort } from '../../infra/local/processes.js';
import { DEMO_SFTP_LOGIN, startSftpServer } from '../../infra/local/sftp-server.js';
import { csvRows } from '../../shared/csv-rows.js';

const asset = (fileName: string) => ({ bucket: 'b', key: `k/${fileName}`, fileName, contentType: 'audio/flac' });

describe('a delivery batch', () => {
  it('lists the resources first, then the ERN, then BatchComplete last', () => {
    const plan = planBatch({
      batchId: '20261124130000000ABC',
      releaseFolder: '5060000000009',
      resources: [
        'resources/5060000000009.jpg',
        'resources/5060000000009_01_001.flac',
        'resources/5060000000009_01_002.flac',
      ].map((uri) => ({ uri, asset: asset(uri) })),
      ernXml: '<x/>',
      createdAt: '2026-11-24T13:00:00Z',
    });
    expect(plan.map((f) => [f.kind, f.path])).toEqual([
      ['resource', '20261124130000000ABC/5060000000009/resources/5060000000009.jpg'],
      ['resource', '20261124130000000ABC/5060000000009/resources/5060000000009_01_001.flac'],
      ['resource', '20261124130000000ABC/5060000000009/resources/5060000000009_01_002.flac'],
      ['ern', '20261124130000000ABC/5060000000009/5060000000009.xml'],
      ['batchComplete', '20261124130000000ABC/BatchComplete_20261124130000000ABC.xml'],
    ]);
    const complete = plan.at(-1);
    expect(complete?.kind === 'batchComplete' && complete.xml).toContain(
      '<File>20261124130000000ABC/5060000000009/5060000000009.xml</File>',
    );
  });

  it('keeps every file name inside its folder', () => {
    const plan = planBatch({
      batchId: 'b1',
      releaseFolder: '../etc',
      resources: [
        { uri: '../../passwd', asset: asset('passwd') },
        { uri: '/abs/x', asset: asset('x') },
      ],
      ernXml: '<x/>',
      createdAt: 'now',
    });
    for (const file of plan) {
      expect(file.path.split('/')).not.toContain('..');
      expect(file.path.startsWith('b1/')).toBe(true);
    }
  });
});

describe("a store's SFTP endpoint", () => {
  const dsp = (spec: Record<string, string>) => ({ name: 'Store', technical_specification: spec });
  it('reads server_uri, login, password and delivery stub', () => {
    expect(
      sftpEndpointOf(
        dsp({ server_uri: 'sftp://127.0.0.1:2222/in', server_login: 'u', server_password: 'p', delivery_stub: 'lbl' }),
      ),
    ).toEqual({ host: '127.0.0.1', port: 2222, root: '/in/lbl', username: 'u', password: 'p' });
  });
  it('names what is missing, never the password', () => {
    expect(() => sftpEndpointOf(dsp({}))).toThrow(
      new EndpointProblem('Store has no delivery server (server_uri) in its specification'),
    );
    expect(() => sftpEndpointOf(dsp({ server_uri: 'ftp://x/', server_login: 'u' }))).toThrow(/not an sftp:\/\//);
    expect(() => sftpEndpointOf(dsp({ server_uri: 'sftp://x/' }))).toThrow(/no server login/);
  });
  it('refuses a stored delivery stub that leaves the server folder, and keeps sub-folders', () => {
    const at = (delivery_stub: string) => dsp({ server_uri: 'sftp://x/in', server_login: 'u', delivery_stub });
    for (const stub of ['../other', 'a/../../b', 'a\\b'])
      expect(() => sftpEndpointOf(at(stub))).toThrow(
        new EndpointProblem("Store's delivery stub leaves the server's folder"),
      );
    expect(sftpEndpointOf(at('label/batches')).root).toBe('/in/label/batches');
  });
});

describe('uploads to the local SFTP server', () => {
  let dir: string;
  let server: Awaited<ReturnType<typeof startSftpServer>>;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'sftp-test-'));
    server = await startSftpServer({ port: await freePort(), dir });
  });
  afterAll(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const endpoint = () => ({ host: '127.0.0.1', port: server.port, root: '/demo', ...DEMO_SFTP_LOGIN });

  it('starts again after a crash left half a host key, with a new whole key', async () => {
    const crashed = mkdtempSync(path.join(os.tmpdir(), 'sftp-crashed-'));
    writeFileSync(path.join(crashed, 'host-key'), '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA');
    const again = await startSftpServer({ port: await freePort(), dir: crashed });
    const done = await uploadBatch({ ...endpoint(), port: again.port }, [
      { path: 'k1/BatchComplete_k1.xml', name: 'the BatchComplete file', open: async () => Buffer.from('<done/>') },
    ]);
    expect(done).toEqual(['k1/BatchComplete_k1.xml']);
    expect(readFileSync(path.join(crashed, 'host-key'), 'utf8')).toContain('END OPENSSH PRIVATE KEY');
    await again.stop();
    rmSync(crashed, { recursive: true, force: true });
  });

  it('writes the files in order, each whole before the next', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024, 7);
    const { Readable } = await import('node:stream');
    const done = await uploadBatch(endpoint(), [
      {
        path: 'b1/r/resources/a.flac',
        name: 'a.flac',
        open: async () => Readable.from([big.subarray(0, 1_000_000), big.subarray(1_000_000)]),
      },
      { path: 'b1/r/r.xml', name: 'the message', open: async () => Buffer.from('<ern/>') },
      { path: 'b1/BatchComplete_b1.xml', name: 'the BatchComplete file', open: async () => Buffer.from('<done/>') },
    ]);
    expect(done).toEqual(['b1/r/resources/a.flac', 'b1/r/r.xml', 'b1/BatchComplete_b1.xml']);
    expect(server.arrivals().map((a) => a.path)).toEqual([
      'demo/b1/r/resources/a.flac',
      'demo/b1/r/r.xml',
      'demo/b1/BatchComplete_b1.xml',
    ]);
    expect(readFileSync(path.join(server.root, 'demo/b1/r/resources/a.flac')).equals(big)).toBe(true);
  });

  it('refuses a wrong password, naming the login but not the password', async () => {
    const attempt = uploadBatch({ ...endpoint(), password: 'Wrong-secret-9' }, [
      { path: 'x/BatchComplete_x.xml', name: 'the BatchComplete file', open: async () => Buffer.from('x') },
    ]);
    await expect(attempt).rejects.toBeInstanceOf(UploadProblem);
    const reason = await attempt.catch((e: Error) => e.message);
    expect(reason).toContain('refused the login demo-dsp');
    expect(reason).not.toContain('Wrong-secret-9');
  });

  it('says the server refused the connection when nothing listens', async () => {
    const attempt = uploadBatch({ ...endpoint(), port: await freePort() }, []);
    await expect(attempt).rejects.toThrow(/refused the connection/);
  });

  it('stops at a failing file: nothing after it is written', async () => {
    const attempt = uploadBatch(endpoint(), [
      { path: 'b2/r/resources/a.flac', name: 'a.flac', open: async () => Promise.reject(new Error('S3 read failed')) },
      { path: 'b2/BatchComplete_b2.xml', name: 'the BatchComplete file', open: async () => Buffer.from('x') },
    ]);
    // Named by the file alone: the batch's folder is a name built from a moment, no word to the label.
    await expect(attempt).rejects.toThrow('Uploading a.flac to the store failed: S3 read failed');
    expect(await attempt.catch((e: Error) => e.message)).not.toContain('b2/');
    expect(server.arrivals().some((a) => a.path.startsWith('demo/b2/'))).toBe(false);
  });
});

describe('CSV rows', () => {
  it('reads quoted fields, doubled quotes and CRLF by the header names', () => {
    expect(csvRows('UPC,Product_Name\r\n"0123","A ""quoted"", title"\r\n\r\n5060000000009,EP\n')).toEqual([
      { upc: '0123', product_name: 'A "quoted", title' },
      { upc: '5060000000009', product_name: 'EP' },
    ]);
  });
});

describe('the delivery worker', () => {
  it('carries the ERN 4.3 schema files it validates with', async () => {
    const { WORKERS } = await import('../../infra/functions.js');
    const { ERN_SCHEMA_ASSETS } = await import('../../functions/deliveries/ern/validate.js');
    expect(WORKERS.releaseDelivery.assets).toEqual([...ERN_SCHEMA_ASSETS]);
  });
});
