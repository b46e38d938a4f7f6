import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, readFileSync } from 'node:fs';

/** The uid and gid of the postgres user: PostgreSQL, Patroni and PgBouncer refuse to run as root. */
export function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

export function giveToPostgres(...paths: string[]): void {
  const { uid, gid } = postgresUser();
  for (const path of paths) chownSync(path, uid, gid);
}

/**
 * One program of the cluster (etcd, Patroni, HAProxy…), in a process group of its own so that a
 * kill takes its children too; its last output is kept for the failure messages.
 */
export class NativeProcess {
  private output = '';
  private readonly child: ChildProcess;

  constructor(
    readonly name: string,
    command: string,
    args: string[],
    options: { asPostgres?: boolean; env?: Record<string, string>; cwd?: string } = {},
  ) {
    const user = options.asPostgres ? postgresUser() : undefined;
    this.child = spawn(command, args, {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      cwd: options.cwd,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: user ? '/var/lib/postgresql' : (process.env.HOME ?? '/root'),
        LANG: 'C.UTF-8',
        ...options.env,
      },
      ...(user ?? {}),
    });
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-30_000);
    };
    this.child.stdout?.on('data', keep);
    this.child.stderr?.on('data', keep);
    this.child.once('error', (error) =>
      keep(Buffer.from(`\n${this.name} failed to start: ${error.message}\n`)),
    );
  }

  get logs(): string {
    return `── ${this.name} ──\n${this.output}`;
  }

  get isRunning(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Signals the whole group and waits for the leader to exit. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (!this.isRunning || this.child.pid === undefined) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    try {
      process.kill(-this.child.pid, signal);
    } catch {
      return; // already gone
    }
    await exited;
  }
}

/**
 * Patroni starts PostgreSQL in a process group of its own, so that a restart of Patroni leaves
 * the database up; a dead machine takes both, so the postmaster is killed by its pid file.
 */
export function killPostmaster(dataDir: string): void {
  const pidFile = `${dataDir}/postmaster.pid`;
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 1) return;
  // Its backends share the postmaster's process group: one signal takes the whole server.
  for (const target of [-groupOf(pid), pid]) {
    try {
      process.kill(target, 'SIGKILL');
    } catch {
      // no such group or process
    }
  }
}

function groupOf(pid: number): number {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid pgrp …"; comm may hold spaces, so read after ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
  } catch {
    return pid;
  }
}

/** Polls `check` until it holds or the time is up; the error names what was awaited. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}
