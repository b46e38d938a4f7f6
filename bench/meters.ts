import { readdirSync, readFileSync } from 'node:fs';
import { adminQuery } from './scratch-database.ts';

// What a run cost, read before and after it: CPU time of processes (from /proc) and WAL written
// by the PostgreSQL server. The difference over the transfers done shows where the time goes,
// whatever the machine's noise. A backend that exits during the run takes its CPU time of the run
// with it (an undercount), so the benches keep their pools open.
const TICKS_PER_SECOND = 100; // getconf CLK_TCK on Linux

function cpuTicks(pid: string): { name: string; ticks: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    return {
      name: stat.slice(stat.indexOf('(') + 1, close),
      ticks: Number(fields[11]) + Number(fields[12]), // utime, stime
    };
  } catch {
    return undefined; // the process ended between the listing and the read
  }
}

/** Each PostgreSQL process's CPU time so far, in ticks: the start of a `postgresCpuMsSince`. */
export type PostgresCpu = ReadonlyMap<string, number>;

export function postgresCpu(): PostgresCpu {
  const ticks = new Map<string, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const process = cpuTicks(pid);
    if (process && (process.name === 'postgres' || process.name.startsWith('postgres:')))
      ticks.set(pid, process.ticks);
  }
  return ticks;
}

/**
 * CPU time spent by PostgreSQL's processes since `before` (user + system), in ms: each process's
 * own difference, so a backend that exits in between (a pool's idle connection closed) takes only
 * its share of the interval with it, not the whole CPU time of its life.
 */
export function postgresCpuMsSince(before: PostgresCpu): number {
  let ticks = 0;
  for (const [pid, now] of postgresCpu()) ticks += now - (before.get(pid) ?? 0);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/**
 * Waits until PostgreSQL and the given processes are quiet (a quarter of a second in which each
 * used under a tenth of a core), for `budgetMs` at most: what one measurement left behind (dirty
 * pages, vacuum, an outbox still draining) must not be charged to the next.
 */
export async function settle(pids: readonly number[], budgetMs: number): Promise<void> {
  const deadline = performance.now() + budgetMs;
  while (performance.now() < deadline) {
    const postgres = postgresCpu();
    const others = pids.map(processCpuMs);
    await new Promise((resolve) => setTimeout(resolve, 250));
    const quiet = (ms: number) => ms < 25;
    if (
      quiet(postgresCpuMsSince(postgres)) &&
      pids.every((pid, i) => quiet(processCpuMs(pid) - (others[i] ?? 0)))
    )
      return;
  }
}

/** CPU time spent by one process (user + system), in ms. */
export function processCpuMs(pid: number): number {
  return ((cpuTicks(String(pid))?.ticks ?? 0) * 1000) / TICKS_PER_SECOND;
}

/**
 * The machine's busy and total CPU time so far (all cores, from /proc/stat), in ticks. Time the
 * hypervisor gave to other machines (steal) is neither this machine's work nor its idle time, and a
 * guest's time is already counted in user time.
 */
export function machineCpu(): { busy: number; total: number } {
  const [, ...times] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/);
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0] = times.map(Number);
  const busy = user + nice + system + irq + softirq;
  return { busy, total: busy + idle + iowait };
}

/** The share of the machine's CPU that was busy since `since` (0–1). */
export function machineBusySince(since: { busy: number; total: number }): number {
  const now = machineCpu();
  return (now.busy - since.busy) / Math.max(now.total - since.total, 1);
}

/** The CPU time the machine's processes spent since `since` (all cores), in ms. */
export function machineCpuMsSince(since: { busy: number; total: number }): number {
  return ((machineCpu().busy - since.busy) * 1000) / TICKS_PER_SECOND;
}

/** The processors that /proc/stat counts. */
export function machineCores(): number {
  return readFileSync('/proc/stat', 'utf8')
    .split('\n')
    .filter((line) => /^cpu\d+ /.test(line)).length;
}

/** The PostgreSQL server's WAL position: the bytes written since one are `walBytesSince(it)`. */
export async function walPosition(): Promise<string> {
  const [row] = await adminQuery<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
  return row?.lsn ?? '0/0';
}

export async function walBytesSince(position: string): Promise<number> {
  const [row] = await adminQuery<{ bytes: string }>(
    'select pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::text as bytes',
    [position],
  );
  return Number(row?.bytes ?? 0);
}
