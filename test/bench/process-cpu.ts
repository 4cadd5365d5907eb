import { getOrCreate } from '../../functions/lib/get-or-create.js';
import { allProcesses, commandOf, type ProcStat, procStat } from '../support/proc.js';

/**
 * CPU seconds read from Linux's /proc, for the benches: on 2 cores the machine is saturated during a statement run
 * or a list under 20 clients, so wall-clock figures are mostly queueing and vary by a quarter from one run to the
 * next on this host. The CPU a piece of work costs varies far less, and says which process must spend less.
 * Elsewhere (no /proc) every reading is empty and the benches print no CPU figures.
 */

/** A process's CPU seconds so far, every thread included; with `thread`, only that thread's (the main one: its pid). */
export const cpuSecondsOf = (pid: number, thread?: number): number | undefined => procStat(pid, thread)?.cpuSeconds;

/** What a process is, in the words the benches print. */
function nameOf(pid: number): string {
  if (pid === process.pid) return 'this process (the cloud, its workers, DuckDB)';
  let command: string;
  try {
    command = commandOf(pid);
  } catch {
    return 'other';
  }
  if (/DynamoDBLocal|dynamodb-loopback/i.test(command)) return 'DynamoDB Local';
  if (/cognito/i.test(command)) return 'cognito-local';
  return command.split(' ')[0].split('/').at(-1) || 'other';
}

/**
 * CPU seconds so far of this process and each process started under it, summed by what each is. Only processes
 * alive at the reading count: one that ended between two readings is missed (the benches' emulators live through).
 */
export function processTreeCpu(): Map<string, number> {
  const processes = allProcesses();
  const children = new Map<number, ProcStat[]>();
  for (const stat of processes) getOrCreate(children, stat.ppid, () => []).push(stat);
  const totals = new Map<string, number>();
  const visit = (stat: ProcStat) => {
    const name = nameOf(stat.pid);
    totals.set(name, (totals.get(name) ?? 0) + stat.cpuSeconds);
    for (const child of children.get(stat.pid) ?? []) visit(child);
  };
  const self = processes.find((stat) => stat.pid === process.pid);
  if (self) visit(self);
  return totals;
}

/** The CPU seconds each process spent between two readings of processTreeCpu, largest first. */
export function cpuBetween(before: Map<string, number>, after: Map<string, number>): [string, number][] {
  return [...after]
    .map(([name, seconds]): [string, number] => [name, seconds - (before.get(name) ?? 0)])
    .filter(([, seconds]) => seconds > 0)
    .sort((a, b) => b[1] - a[1]);
}

/** The CPU seconds of every process of a cpuBetween, together. */
export const cpuTotal = (spent: [string, number][]): number => spent.reduce((sum, [, seconds]) => sum + seconds, 0);

/** A phase's CPU in words: `12.3 s of CPU (this process 9.1 s, DynamoDB Local 3.2 s)`. */
export function describeCpu(spent: [string, number][]): string {
  if (!spent.length) return 'CPU not read (no /proc)';
  const parts = spent.map(([name, seconds]) => `${name} ${seconds.toFixed(1)} s`).join(', ');
  return `${cpuTotal(spent).toFixed(1)} s of CPU (${parts})`;
}
