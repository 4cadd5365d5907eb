import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times: 100 on every Linux this runs on (sysconf(_SC_CLK_TCK)). */
const TICKS_PER_SECOND = 100;

/** What a test or a bench reads of a process (or a thread) in Linux's /proc. */
export type ProcStat = { pid: number; ppid: number; state: string; cpuSeconds: number };

/**
 * `/proc/<pid>/stat` (or `/proc/<pid>/task/<thread>/stat`) read: its parent, its state (`Z` for a zombie) and its
 * user + system CPU seconds so far. Undefined when the process is gone or there is no /proc.
 */
export function procStat(pid: number, thread?: number): ProcStat | undefined {
  try {
    const text = readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, 'utf8');
    // "pid (command) state ppid …": the command may hold spaces and parentheses, so the fields are counted after its
    // last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return {
      pid: Number(text.slice(0, text.indexOf(' '))),
      state: fields[0],
      ppid: Number(fields[1]),
      cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
    };
  } catch {
    return undefined;
  }
}

/** Every process /proc lists now, read (those gone while reading left out); none without /proc. */
export function allProcesses(): ProcStat[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  return names.flatMap((name) => (/^\d+$/.test(name) ? (procStat(Number(name)) ?? []) : []));
}

/** A process's command line, its arguments joined by spaces. */
export const commandOf = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
