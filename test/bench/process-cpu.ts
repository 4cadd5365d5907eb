import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU seconds read from Linux's /proc, for the benches: on 2 cores the machine is saturated during a statement run
 * or a list under 20 clients, so wall-clock figures are mostly queueing and vary by a quarter from one run to the
 * next on this host. The CPU a piece of work costs varies far less, and says which process must spend less.
 * Elsewhere (no /proc) every reading is empty and the benches print no CPU figures.
 */

/** Clock ticks per second of /proc's times: 100 on every Linux this runs on (sysconf(_SC_CLK_TCK)). */
const TICKS_PER_SECOND = 100;

type ProcStat = { pid: number; ppid: number; seconds: number };

/** One process's (or thread's) stat line: its parent and its user + system CPU seconds so far. */
function readStat(file: string): ProcStat | undefined {
  try {
    const text = readFileSync(file, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: the fields are counted after its end.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return {
      pid: Number(text.slice(0, text.indexOf(' '))),
      ppid: Number(fields[1]),
      seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
    };
  } catch {
    return undefined;
  }
}

/** A process's CPU seconds so far, every thread included; with `thread`, only that thread's (the main one: its pid). */
export function cpuSecondsOf(pid: number, thread?: number): number | undefined {
  return readStat(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`)?.seconds;
}

/** What a process is, in the words the benches print. */
function nameOf(pid: number): string {
  if (pid === process.pid) return 'this process (the cloud, its workers, DuckDB)';
  let command = '';
  try {
    command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return 'other';
  }
  if (/DynamoDBLocal|dynamodb-loopback/i.test(command)) return 'DynamoDB Local';
  if (/cognito/i.test(command)) return 'cognito-local';
  return command.split(' ')[0].split('/').at(-1) || 'other';
}

/** CPU seconds so far of this process and each process started under it, summed by what each is. */
export function processTreeCpu(): Map<string, number> {
  const stats: ProcStat[] = [];
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return new Map();
  }
  for (const entry of entries) {
    const stat = readStat(`/proc/${entry}/stat`);
    if (stat) stats.push(stat);
  }
  const children = new Map<number, ProcStat[]>();
  for (const stat of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat]);
  const self = stats.find((stat) => stat.pid === process.pid);
  const totals = new Map<string, number>();
  const visit = (stat: ProcStat) => {
    const name = nameOf(stat.pid);
    totals.set(name, (totals.get(name) ?? 0) + stat.seconds);
    for (const child of children.get(stat.pid) ?? []) visit(child);
  };
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

/** A phase's CPU in words: `12.3 s of CPU (this process 9.1 s, DynamoDB Local 3.2 s)`. */
export function describeCpu(spent: [string, number][]): string {
  if (!spent.length) return 'CPU not read (no /proc)';
  const total = spent.reduce((sum, [, seconds]) => sum + seconds, 0);
  return `${total.toFixed(1)} s of CPU (${spent.map(([name, seconds]) => `${name} ${seconds.toFixed(1)} s`).join(', ')})`;
}
