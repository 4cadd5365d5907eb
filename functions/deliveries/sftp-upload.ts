import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
// ssh2 is CommonJS: Node's ESM loader sees only its default export.
import ssh2, { type Client as SshClient, type SFTPWrapper } from 'ssh2';
import type { SftpEndpoint } from './dsp-endpoint.js';

/**
 * One file of a batch: where it goes under the endpoint's root, its bytes (read when its turn comes), and what a
 * failure calls it. The path starts with the batch's folder, a name built from the moment it was queued, which means
 * nothing to the label reading why a delivery failed.
 */
export type BatchFile = { path: string; name: string; open: () => Promise<Readable | Buffer> };

/** Why an upload failed, in words a label can act on: never the password, never a stack. */
export class UploadProblem extends Error {}

const CONNECT_TIMEOUT_MS = 15_000;

function connect(endpoint: SftpEndpoint): Promise<SshClient> {
  return new Promise((resolve, reject) => {
    const client = new ssh2.Client();
    const where = `sftp://${endpoint.host}:${endpoint.port}`;
    client
      .on('ready', () => resolve(client))
      .on('error', (error: Error & { level?: string; code?: string }) => {
        client.end();
        if (error.level === 'client-authentication')
          reject(new UploadProblem(`The store's SFTP server (${where}) refused the login ${endpoint.username}`));
        else if (error.code === 'ECONNREFUSED')
          reject(new UploadProblem(`The store's SFTP server (${where}) refused the connection`));
        else if (error.level === 'client-timeout')
          reject(new UploadProblem(`The store's SFTP server (${where}) did not answer in time`));
        else reject(new UploadProblem(`Could not reach the store's SFTP server (${where}): ${error.code ?? 'failed'}`));
      })
      .connect({
        host: endpoint.host,
        port: endpoint.port,
        username: endpoint.username,
        password: endpoint.password,
        readyTimeout: CONNECT_TIMEOUT_MS,
      });
  });
}

const sftpOf = (client: SshClient) =>
  new Promise<SFTPWrapper>((resolve, reject) => client.sftp((e, sftp) => (e ? reject(e) : resolve(sftp))));

/** mkdir -p: each missing folder on the way (one that exists already is fine). */
async function ensureDir(sftp: SFTPWrapper, dir: string, made: Set<string>): Promise<void> {
  const parts = dir.split('/');
  for (let i = 1; i <= parts.length; i += 1) {
    const folder = parts.slice(0, i).join('/');
    if (!folder || folder === '.' || made.has(folder)) continue;
    await new Promise<void>((resolve, reject) =>
      sftp.mkdir(folder, (mkdirError) => {
        if (!mkdirError) return resolve();
        sftp.stat(folder, (statError, stats) => (!statError && stats.isDirectory() ? resolve() : reject(mkdirError)));
      }),
    );
    made.add(folder);
  }
}

async function put(sftp: SFTPWrapper, remote: string, body: Readable | Buffer): Promise<void> {
  if (Buffer.isBuffer(body)) {
    await new Promise<void>((resolve, reject) => sftp.writeFile(remote, body, (e) => (e ? reject(e) : resolve())));
    return;
  }
  await pipeline(body, sftp.createWriteStream(remote));
}

/** Whether a file is on the server (a missing one, or any refusal to say, reads as absent). */
const exists = (sftp: SFTPWrapper, remote: string) =>
  new Promise<boolean>((resolve) => sftp.stat(remote, (error, stats) => resolve(!error && stats.isFile())));

/**
 * Uploads a batch's files in the order given, each complete before the next starts, so the last
 * one (BatchComplete) is only written once everything before it arrived. Any failure stops the batch
 * and names the file and the reason.
 *
 * A batch is uploaded again when a worker died on its way (the delivery was taken over): the files
 * of before are written over from the first, and the last file is written last again, so the store
 * never sees a BatchComplete beside a file half written. When the last file is there already, the
 * batch arrived whole before the worker died: nothing is sent again.
 */
export async function uploadBatch(endpoint: SftpEndpoint, files: readonly BatchFile[]): Promise<string[]> {
  const client = await connect(endpoint);
  try {
    const sftp = await sftpOf(client);
    const last = files.at(-1);
    if (last && (await exists(sftp, `${endpoint.root}/${last.path}`))) return files.map((f) => f.path);
    const made = new Set<string>();
    const done: string[] = [];
    for (const file of files) {
      const remote = `${endpoint.root}/${file.path}`;
      try {
        await ensureDir(sftp, remote.slice(0, remote.lastIndexOf('/')), made);
        await put(sftp, remote, await file.open());
      } catch (error) {
        if (error instanceof UploadProblem) throw error;
        const why = error instanceof Error ? error.message.split('\n')[0] : 'failed';
        throw new UploadProblem(`Uploading ${file.name} to the store failed: ${why}`);
      }
      done.push(file.path);
    }
    return done;
  } finally {
    client.end();
  }
}
