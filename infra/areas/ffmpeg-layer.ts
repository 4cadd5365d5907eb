/**
 * The audio worker's ffmpeg: a Lambda layer (arm64, like the functions) that the stack builds from
 * the npm package @ffmpeg-installer/linux-arm64, at the version and integrity package-lock.json
 * pins, so a deploy needs no layer made by hand. `-c ffmpegLayerArn=…` names another layer instead.
 *
 * The package only installs on linux-arm64 (npm's os/cpu fields), so on the usual x64 build
 * machine `npm ci` skips it, as it skips every optional dependency for another platform, and stays
 * green. The layer is then built from the package's tarball, fetched through npm itself and checked
 * against the lock's integrity before its binary is used; an arm64 machine that installed the
 * package takes the binary from node_modules. Either way the result is kept in
 * node_modules/.cache, so only the first synth on a machine fetches it.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';

/** The npm package whose binary the layer carries. */
export const FFMPEG_LAYER_PACKAGE = '@ffmpeg-installer/linux-arm64';

/** Where the binary sits inside the layer; Lambda unpacks layers under /opt. */
export const FFMPEG_IN_LAYER = 'bin/ffmpeg';

/** The path FFMPEG_PATH names in Lambda, which functions/audio/ffmpeg.ts reads before anything else. */
export const LAYER_FFMPEG_PATH = `/opt/${FFMPEG_IN_LAYER}`;

type LockedPackage = { version: string; integrity: string; license?: string };

/** The package as package-lock.json pins it (an optional dependency of @ffmpeg-installer/ffmpeg). */
export function lockedFfmpegPackage(root: string): LockedPackage {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, Partial<LockedPackage> | undefined>;
  };
  const entry = lock.packages[`node_modules/${FFMPEG_LAYER_PACKAGE}`];
  if (!entry?.version || !entry.integrity) {
    throw new Error(`${FFMPEG_LAYER_PACKAGE} is not pinned in package-lock.json: the ffmpeg layer cannot be built`);
  }
  return { version: entry.version, integrity: entry.integrity, license: entry.license };
}

/** Whether `bytes` match an npm integrity string (`sha512-<base64>`). */
function matchesIntegrity(bytes: Buffer, integrity: string): boolean {
  return integrity.split(/\s+/).some((item) => {
    const [algorithm, digest] = item.split('-', 2);
    return Boolean(digest) && createHash(algorithm).update(bytes).digest('base64') === digest;
  });
}

/** The package's ffmpeg binary, written to `target`: from node_modules when installed, else from its tarball. */
function fetchBinary(root: string, locked: LockedPackage, target: string): void {
  const installed = path.join(root, 'node_modules', FFMPEG_LAYER_PACKAGE, 'ffmpeg');
  if (existsSync(installed)) {
    // npm ci checked this copy against the lock when it installed it.
    copyFileSync(installed, target);
    return;
  }
  const work = mkdtempSync(path.join(os.tmpdir(), 'ffmpeg-layer-'));
  try {
    const packed = JSON.parse(
      execFileSync('npm', ['pack', `${FFMPEG_LAYER_PACKAGE}@${locked.version}`, '--json', '--pack-destination', work], {
        cwd: work,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    ) as { filename: string }[];
    const tarball = path.join(work, packed[0]?.filename ?? '');
    if (!matchesIntegrity(readFileSync(tarball), locked.integrity)) {
      throw new Error(`${FFMPEG_LAYER_PACKAGE}@${locked.version}: the tarball does not match package-lock.json`);
    }
    execFileSync('tar', ['-xzf', tarball, '-C', work, 'package/ffmpeg']);
    copyFileSync(path.join(work, 'package', 'ffmpeg'), target);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The layer's folder (`bin/ffmpeg` inside), built once per version and kept under
 * node_modules/.cache/ffmpeg-layer/<version>/. A half-built folder is never seen: it is built
 * beside and renamed into place.
 */
export function ffmpegLayerDir(root: string): string {
  const locked = lockedFfmpegPackage(root);
  const cache = path.join(root, 'node_modules', '.cache', 'ffmpeg-layer');
  const dir = path.join(cache, locked.version);
  if (existsSync(path.join(dir, FFMPEG_IN_LAYER))) return dir;
  mkdirSync(cache, { recursive: true });
  const building = mkdtempSync(path.join(cache, `${locked.version}.building-`));
  try {
    const binary = path.join(building, FFMPEG_IN_LAYER);
    mkdirSync(path.dirname(binary), { recursive: true });
    fetchBinary(root, locked, binary);
    chmodSync(binary, 0o755);
    try {
      renameSync(building, dir);
    } catch (error) {
      // Another synth finished the same folder first: theirs is as good as ours.
      if (!existsSync(path.join(dir, FFMPEG_IN_LAYER))) throw error;
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  return dir;
}

/**
 * With bundling skipped (assertion tests), a stand-in folder: the template is the same, nothing is fetched. One
 * fixed folder (it only ever holds an empty `bin`), not a new one per process left behind in the temp folder.
 */
function placeholderDir(): string {
  const placeholder = path.join(os.tmpdir(), 'ffmpeg-layer-placeholder');
  mkdirSync(path.join(placeholder, path.dirname(FFMPEG_IN_LAYER)), { recursive: true });
  return placeholder;
}

/** The stack's one ffmpeg layer, made by the first function that needs it; `root` is the repository's. */
export function ffmpegLayer(scope: Construct, root: string, skipBundling: boolean): lambda.ILayerVersion {
  const stack = Stack.of(scope);
  const id = 'FfmpegLayer';
  const existing = stack.node.tryFindChild(id);
  if (existing) return existing as lambda.LayerVersion;
  const locked = lockedFfmpegPackage(root);
  return new lambda.LayerVersion(stack, id, {
    code: lambda.Code.fromAsset(skipBundling ? placeholderDir() : ffmpegLayerDir(root)),
    compatibleArchitectures: [lambda.Architecture.ARM_64],
    compatibleRuntimes: [lambda.Runtime.NODEJS_22_X],
    description: `ffmpeg at ${LAYER_FFMPEG_PATH}, from the npm package ${FFMPEG_LAYER_PACKAGE}@${locked.version}`,
    ...(locked.license ? { license: locked.license } : {}),
  });
}
