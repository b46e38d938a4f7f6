import { readdirSync, readFileSync } from 'node:fs';

// CPU time spent by every PostgreSQL process of this machine (user + system, from /proc), in
// milliseconds. Read before and after a run: the difference over the transfers done is the
// database's CPU per transfer, which shows where the time goes whatever the machine's noise.
// A backend that exits during the run takes its time with it, so the bench keeps its pool open.
const TICKS_PER_SECOND = 100; // getconf CLK_TCK on Linux

export function postgresCpuMs(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const name = stat.slice(stat.indexOf('(') + 1, close);
      if (name !== 'postgres' && !name.startsWith('postgres:')) continue;
      const fields = stat.slice(close + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      // the process ended between the listing and the read
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}
