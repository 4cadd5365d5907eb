import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { required } from '../../functions/lib/required.js';
import { portHolder } from '../../infra/local/processes.js';
import { ENV } from '../../infra/resources.js';
import { allProcesses, commandOf, procStat } from '../support/proc.js';
import { restartableCloud } from '../support/restartable-cloud.js';
import { until } from '../support/wait.js';

/**
 * The local cloud's own process killed with SIGKILL, alone (not its process group, as when only `npm start`'s
 * process is killed): the emulators it started (DynamoDB Local, a Java process, and cognito-local, a Node one) go
 * with it within seconds instead of holding their ports, and the cloud starts again on the same ports. The same
 * when only the tsx launcher it runs under is killed: the cloud notices it was orphaned and stops.
 */
const cloud = restartableCloud('local-cloud-crash');

afterAll(async () => {
  await cloud.remove();
});

/** The ids of the processes whose parent is `pid`. */
const childrenOf = (pid: number): number[] => allProcesses().flatMap((p) => (p.ppid === pid ? [p.pid] : []));

/** A zombie (dead, not yet reaped) holds no port and no memory: it counts as gone. */
const alive = (pid: number): boolean => {
  const stat = procStat(pid);
  return stat !== undefined && stat.state !== 'Z';
};

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

// Each case starts a whole local cloud (or two) beside the other integration files: on a loaded 2-core machine
// one start has taken over 40 s, so the cases get three minutes and the waits for processes to end 30 s.
describe('a local cloud whose own process is killed', { timeout: 180_000 }, () => {
  it('takes its emulators with it, and starts again on the same ports', async () => {
    // From a stopped cloud: the case below leaves one running when it goes first.
    await cloud.kill();
    const env = await cloud.start();
    const launcher = required(cloud.launcher(), 'the launcher process');
    // tsx's launcher runs the cloud in a child process: that one started the emulators.
    const main = required(
      childrenOf(launcher).find((pid) => childrenOf(pid).length > 0),
      'the cloud process',
    );
    const emulators = childrenOf(main);
    const commands = emulators.map(commandOf);
    expect(commands.some((command) => command.includes('java'))).toBe(true);
    expect(commands.some((command) => command.includes('cognito-server.cjs'))).toBe(true);
    const dynamoPort = Number(new URL(required(env[ENV.dynamoEndpoint], 'the DynamoDB endpoint')).port);
    const cognitoPort = Number(new URL(required(env[ENV.cognitoEndpoint], 'the Cognito endpoint')).port);

    process.kill(main, 'SIGKILL');

    await until(async () => (emulators.some(alive) ? undefined : true), 30_000);
    // Nothing holds their ports any more. A dying JVM's first thread shows as a zombie while its other threads still
    // hold its sockets for a moment, so the ports get a few seconds to close; on failure, says what holds them.
    const closed = async (port: number) => ((await portOpen(port)) ? undefined : true);
    await until(async () => (await closed(dynamoPort)) && closed(cognitoPort), 10_000).catch(() => undefined);
    expect({ open: await portOpen(dynamoPort), by: portHolder(dynamoPort) }).toEqual({ open: false, by: undefined });
    expect({ open: await portOpen(cognitoPort), by: portHolder(cognitoPort) }).toEqual({ open: false, by: undefined });

    // The launcher ends with the process it ran; the new start is made on the same ports.
    await until(async () => (alive(launcher) ? undefined : true), 30_000);
    const again = await cloud.start();
    expect(again[ENV.dynamoEndpoint]).toBe(env[ENV.dynamoEndpoint]);
    expect(await portOpen(dynamoPort)).toBe(true);
  });

  it('stops, emulators and all, when the launcher it runs under (tsx, as under npm start) is killed', async () => {
    // The cloud the case above left running (or started here when this case goes first or alone).
    const running = cloud.launcher();
    if (!running || !alive(running)) await cloud.start();
    const launcher = required(cloud.launcher(), 'the launcher process');
    const main = required(
      childrenOf(launcher).find((pid) => childrenOf(pid).length > 0),
      'the cloud process',
    );
    const emulators = childrenOf(main);
    expect(emulators.length).toBeGreaterThanOrEqual(2);

    process.kill(launcher, 'SIGKILL');

    await until(async () => ([main, ...emulators].some(alive) ? undefined : true), 30_000);
    const again = await cloud.start();
    expect(again[ENV.dynamoEndpoint]).toMatch(/^http:/);
  });
});
