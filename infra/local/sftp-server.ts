import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
// ssh2 is CommonJS: Node's ESM loader (tsx, npm start) sees only its default export.
import ssh2, { type Attributes, type Connection, type SFTPWrapper } from 'ssh2';
import type { LocalRoute } from './gateway.js';

/**
 * The demo store's delivery endpoint: a real SFTP server (ssh2's server mode)
 * on 127.0.0.1 that stores what is uploaded under `{stateDir}/sftp/files/`, jailed there, and logs
 * each file as it is closed (`arrivals.jsonl`), so GET /_local/sftp can list what arrived in order.
 * Password sign-in only; the host key is made once and kept beside the files.
 */
export const DEMO_SFTP_LOGIN = { username: 'demo-dsp', password: 'Demo-dsp-pass-1' } as const;

const { Server, utils } = ssh2;
const { OPEN_MODE, STATUS_CODE } = utils.sftp;

type Arrival = { path: string; bytes: number; arrived_at: string };
type OpenFile = { kind: 'file'; fd: fs.FileHandle; path: string; writing: boolean; bytes: number };
type OpenDir = { kind: 'dir'; path: string; done: boolean };

/**
 * A new ed25519 host key that ssh2 can read back. ssh2's generator strips leading zero bytes from the public key,
 * so about 1 key in 256 is one its own parser refuses ("Malformed OpenSSH private key", mscdex/ssh2#1390): such a
 * key is made again.
 */
export function parseableKey(): string {
  for (let tries = 0; ; tries += 1) {
    const made = utils.generateKeyPairSync('ed25519').private;
    if (!(utils.parseKey(made) instanceof Error) || tries >= 20) return made;
  }
}

/**
 * The server's host key, kept in its folder so clients see the same server after a restart. It
 * is written under a temporary name and renamed, so a cloud killed mid-write (the restart test
 * does this) never leaves half a key; a key that does not parse is made again.
 */
function hostKey(dir: string): string {
  const file = path.join(dir, 'host-key');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8');
    if (!(utils.parseKey(kept) instanceof Error)) return kept;
  }
  const made = parseableKey();
  const partial = `${file}.${process.pid}.part`;
  writeFileSync(partial, made, { mode: 0o600 });
  renameSync(partial, file);
  return made;
}

const toAttrs = (stats: { mode: number; size: number; atimeMs: number; mtimeMs: number }): Attributes => ({
  mode: stats.mode,
  uid: 0,
  gid: 0,
  size: stats.size,
  atime: Math.floor(stats.atimeMs / 1000),
  mtime: Math.floor(stats.mtimeMs / 1000),
});

/** One SFTP session: every path is resolved inside `root`, never outside it. */
function serveSftp(sftp: SFTPWrapper, root: string, arrived: (a: Arrival) => void) {
  const handles = new Map<number, OpenFile | OpenDir>();
  let next = 0;
  const inside = (p: string) => path.join(root, path.posix.normalize(`/${p}`));
  const relative = (abs: string) => path.relative(root, abs).split(path.sep).join('/');
  const handleOf = (h: Buffer) => (h.length === 4 ? handles.get(h.readUInt32BE(0)) : undefined);
  const newHandle = (value: OpenFile | OpenDir) => {
    const id = next++;
    handles.set(id, value);
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32BE(id, 0);
    return buffer;
  };
  const fail = (reqId: number, error: unknown) => {
    const code = (error as { code?: string }).code;
    sftp.status(reqId, code === 'ENOENT' ? STATUS_CODE.NO_SUCH_FILE : STATUS_CODE.FAILURE);
  };
  const run = (reqId: number, work: () => Promise<void>) => void work().catch((e) => fail(reqId, e));

  sftp.on('REALPATH', (reqId, p) => {
    const normal = path.posix.normalize(`/${p}`);
    sftp.name(reqId, [{ filename: normal, longname: normal, attrs: {} as Attributes }]);
  });
  const stat = (reqId: number, p: string) =>
    run(reqId, async () => sftp.attrs(reqId, toAttrs(await fs.stat(inside(p)))));
  sftp.on('STAT', stat);
  sftp.on('LSTAT', stat);
  sftp.on('MKDIR', (reqId, p) =>
    run(reqId, async () => {
      await fs.mkdir(inside(p));
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  sftp.on('OPEN', (reqId, p, flags) =>
    run(reqId, async () => {
      const writing = (flags & OPEN_MODE.WRITE) !== 0;
      const mode = writing ? ((flags & OPEN_MODE.APPEND) !== 0 ? 'a' : 'w') : 'r';
      const fd = await fs.open(inside(p), mode);
      sftp.handle(reqId, newHandle({ kind: 'file', fd, path: inside(p), writing, bytes: 0 }));
    }),
  );
  sftp.on('WRITE', (reqId, h, offset, data) =>
    run(reqId, async () => {
      const file = handleOf(h);
      if (file?.kind !== 'file') return sftp.status(reqId, STATUS_CODE.FAILURE);
      await file.fd.write(data, 0, data.length, offset);
      file.bytes += data.length;
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  sftp.on('READ', (reqId, h, offset, length) =>
    run(reqId, async () => {
      const file = handleOf(h);
      if (file?.kind !== 'file') return sftp.status(reqId, STATUS_CODE.FAILURE);
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await file.fd.read(buffer, 0, length, offset);
      if (!bytesRead) return sftp.status(reqId, STATUS_CODE.EOF);
      sftp.data(reqId, buffer.subarray(0, bytesRead));
    }),
  );
  sftp.on('FSTAT', (reqId, h) =>
    run(reqId, async () => {
      const file = handleOf(h);
      if (file?.kind !== 'file') return sftp.status(reqId, STATUS_CODE.FAILURE);
      sftp.attrs(reqId, toAttrs(await file.fd.stat()));
    }),
  );
  sftp.on('CLOSE', (reqId, h) =>
    run(reqId, async () => {
      const open = handleOf(h);
      handles.delete(h.readUInt32BE(0));
      if (open?.kind === 'file') {
        await open.fd.close();
        if (open.writing)
          arrived({ path: relative(open.path), bytes: open.bytes, arrived_at: new Date().toISOString() });
      }
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  sftp.on('OPENDIR', (reqId, p) =>
    run(reqId, async () => {
      if (!(await fs.stat(inside(p))).isDirectory()) return sftp.status(reqId, STATUS_CODE.FAILURE);
      sftp.handle(reqId, newHandle({ kind: 'dir', path: inside(p), done: false }));
    }),
  );
  sftp.on('READDIR', (reqId, h) =>
    run(reqId, async () => {
      const dir = handleOf(h);
      if (dir?.kind !== 'dir' || dir.done) return sftp.status(reqId, STATUS_CODE.EOF);
      dir.done = true;
      const names = await fs.readdir(dir.path);
      const entries = await Promise.all(
        names.map(async (filename) => ({
          filename,
          longname: filename,
          attrs: toAttrs(await fs.stat(path.join(dir.path, filename))),
        })),
      );
      sftp.name(reqId, entries);
    }),
  );
  sftp.on('REMOVE', (reqId, p) =>
    run(reqId, async () => {
      await fs.rm(inside(p));
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  sftp.on('RMDIR', (reqId, p) =>
    run(reqId, async () => {
      await fs.rmdir(inside(p));
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  sftp.on('RENAME', (reqId, from, to) =>
    run(reqId, async () => {
      await fs.rename(inside(from), inside(to));
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  sftp.on('SETSTAT', (reqId) => sftp.status(reqId, STATUS_CODE.OK));
  sftp.on('FSETSTAT', (reqId) => sftp.status(reqId, STATUS_CODE.OK));
}

/** Starts the demo store's SFTP server on 127.0.0.1:`port`; files go under `{dir}/files`. */
export async function startSftpServer(options: { port: number; dir: string }) {
  const root = path.join(options.dir, 'files');
  mkdirSync(root, { recursive: true });
  const log = path.join(options.dir, 'arrivals.jsonl');
  const arrived = (a: Arrival) => appendFileSync(log, `${JSON.stringify(a)}\n`);
  /** The connections open now: a stopping store ends them, as a store going away would, instead of waiting on them. */
  const connected = new Set<Connection>();
  const server = new Server({ hostKeys: [hostKey(options.dir)] }, (client) => {
    connected.add(client);
    client
      .on('close', () => connected.delete(client))
      .on('authentication', (ctx) => {
        if (
          ctx.method === 'password' &&
          ctx.username === DEMO_SFTP_LOGIN.username &&
          ctx.password === DEMO_SFTP_LOGIN.password
        )
          ctx.accept();
        else ctx.reject(['password']);
      })
      .on('ready', () =>
        client.on('session', (accept) => accept().on('sftp', (acceptSftp) => serveSftp(acceptSftp(), root, arrived))),
      )
      .on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return {
    port: options.port,
    root,
    /** Every file that arrived and is still there, in the order it arrived. */
    arrivals: (): Arrival[] =>
      existsSync(log)
        ? readFileSync(log, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as Arrival)
            .filter((a) => existsSync(path.join(root, a.path)))
        : [],
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const client of connected) client.end();
      }),
  };
}

/** What a browser shows a delivered file as, by its extension (the rest is bytes to download). */
const SHOWN_AS: Record<string, string> = {
  '.xml': 'application/xml; charset=utf-8',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.wav': 'audio/wav',
  '.flac': 'audio/flac',
  '.mp3': 'audio/mpeg',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * GET /_local/sftp: the files the demo store received, in arrival order (`?prefix=` narrows to a batch);
 * GET /_local/sftp/files/<path>: one of them, as it arrived (inside the store's folder only).
 */
export function sftpRoute(arrivals: () => Arrival[], root: string): LocalRoute {
  return async (_req, res, url) => {
    if (url.pathname.startsWith('/_local/sftp/files/')) {
      const relative = decodeURIComponent(url.pathname.slice('/_local/sftp/files/'.length));
      const file = path.join(root, path.posix.normalize(`/${relative}`));
      const found = await fs.stat(file).catch(() => null);
      if (!found?.isFile()) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'No such file' }));
        return true;
      }
      // Shown in the browser (the ERN as XML, the cover, the audio) rather than saved as a download.
      res.writeHead(200, {
        'content-type': SHOWN_AS[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
        'content-disposition': 'inline',
        'content-length': found.size,
      });
      res.end(await fs.readFile(file));
      return true;
    }
    if (url.pathname !== '/_local/sftp') return false;
    const prefix = url.searchParams.get('prefix') ?? '';
    const files = arrivals().filter((a) => a.path.startsWith(prefix));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ files }));
    return true;
  };
}
