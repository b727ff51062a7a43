// The machines of the multi-host test (test/multi-host.test.ts; decision 076): Linux network namespaces
// on this machine, joined by a bridge in a namespace of their own (the "switch"), each host reached at
// an address of a private /24 chosen at random. The root namespace (the test, and nginx in front) gets
// a leg on the switch too. Every name carries the prefix, the pid of the process that made it and a
// random suffix: a run removes what it made (the returned teardown, also run on exit and on SIGINT and
// SIGTERM), and the next run removes what a killed run left behind (its pid no longer alive), never
// another live run's. Deleting the switch's namespace deletes the bridge and every veth pair with it.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const PREFIX = 'labmh';

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** why this machine cannot run the test (not root, no `ip netns`), or null when it can */
export function netnsUnavailable(): string | null {
  if (process.platform !== 'linux') return 'not Linux';
  if (process.getuid?.() !== 0) return 'not root';
  const probe = `${PREFIX}-${process.pid}-${randomBytes(3).toString('hex')}-probe`;
  try {
    ip('netns', 'add', probe);
    ip('-n', probe, 'link', 'add', 'probe0', 'type', 'bridge');
    return null;
  } catch (err) {
    return `ip netns failed: ${String((err as { stderr?: Buffer }).stderr ?? err).trim().split('\n')[0]}`;
  } finally {
    try {
      ip('netns', 'del', probe);
    } catch {
      // not made
    }
  }
}

/** kills what runs in a namespace and deletes it */
function removeNamespace(name: string): void {
  try {
    for (const pid of ip('netns', 'pids', name).split('\n').filter(Boolean)) {
      try {
        process.kill(Number(pid), 'SIGKILL');
      } catch {
        // gone already
      }
    }
  } catch {
    // no such namespace
  }
  try {
    ip('netns', 'del', name);
  } catch {
    // no such namespace
  }
}

/** namespaces and temp folders of our prefix whose making process is dead: a run killed half-way */
export function removeStale(): string[] {
  const removed: string[] = [];
  const owner = (name: string) => Number(new RegExp(`^${PREFIX}-(\\d+)-`).exec(name)?.[1] ?? NaN);
  const namespaces = ip('netns', 'list')
    .split('\n')
    .map((line) => line.split(' ')[0]!)
    .filter((name) => name.startsWith(`${PREFIX}-`));
  for (const name of namespaces) {
    if (Number.isNaN(owner(name)) || alive(owner(name))) continue;
    removeNamespace(name);
    removed.push(name);
  }
  for (const entry of readdirSync(tmpdir())) {
    if (!entry.startsWith(`${PREFIX}-`) || Number.isNaN(owner(entry)) || alive(owner(entry))) continue;
    rmSync(path.join(tmpdir(), entry), { recursive: true, force: true });
    removed.push(entry);
  }
  return removed;
}

export interface Network {
  /** the run's id: `${PREFIX}-${pid}-${hex}` */
  id: string;
  /** the /24's first three octets, e.g. 10.231.17 */
  subnet: string;
  /** a host's namespace and address */
  host(role: string): { ns: string; address: string };
  /** the run's temp folder, named by its id (removed by teardown, or as stale) */
  dir: string;
  teardown(): void;
}

/** a private /24 no route of this machine covers yet */
function freeSubnet(): string {
  const routes = ip('-4', 'route', 'show', 'table', 'all');
  for (;;) {
    const subnet = `10.${200 + (randomBytes(1)[0]! % 50)}.${randomBytes(1)[0]}`;
    if (!routes.includes(`${subnet}.`)) return subnet;
  }
}

/**
 * Makes the switch and one namespace per role, each with a veth on the bridge at `${subnet}.${n}`
 * (n from 2 in the order given; the root namespace's leg is `${subnet}.1`).
 */
export function makeNetwork(roles: string[]): Network {
  const id = `${PREFIX}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const subnet = freeSubnet();
  const sw = `${id}-sw`;
  const made: string[] = [];
  const runDir = path.join(tmpdir(), id);
  mkdirSync(runDir, { mode: 0o755 });
  let done = false;
  const teardown = () => {
    if (done) return;
    done = true;
    // the hosts first (their processes die with them), the switch last (its veth pairs go with it)
    for (const name of made.filter((n) => n !== sw)) removeNamespace(name);
    if (made.includes(sw)) removeNamespace(sw);
    if (existsSync(runDir)) rmSync(runDir, { recursive: true, force: true });
    process.off('exit', teardown);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    teardown();
    process.kill(process.pid, signal);
  };
  process.on('exit', teardown);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const addresses = new Map<string, { ns: string; address: string }>();
  try {
    ip('netns', 'add', sw);
    made.push(sw);
    ip('-n', sw, 'link', 'add', 'br0', 'type', 'bridge');
    ip('-n', sw, 'link', 'set', 'br0', 'up');
    // the root namespace's leg: its outer end is named by the run's random hex, unique on this machine
    const rootLeg = `lmh${id.slice(-6)}`;
    ip('link', 'add', rootLeg, 'type', 'veth', 'peer', 'name', 'root0', 'netns', sw);
    ip('addr', 'add', `${subnet}.1/24`, 'dev', rootLeg);
    ip('link', 'set', rootLeg, 'up');
    ip('-n', sw, 'link', 'set', 'root0', 'master', 'br0', 'up');
    roles.forEach((role, i) => {
      const ns = `${id}-${role}`;
      const address = `${subnet}.${i + 2}`;
      ip('netns', 'add', ns);
      made.push(ns);
      ip('-n', ns, 'link', 'set', 'lo', 'up');
      ip('-n', sw, 'link', 'add', `p${i}`, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', ns);
      ip('-n', sw, 'link', 'set', `p${i}`, 'master', 'br0', 'up');
      ip('-n', ns, 'addr', 'add', `${address}/24`, 'dev', 'eth0');
      ip('-n', ns, 'link', 'set', 'eth0', 'up');
      addresses.set(role, { ns, address });
    });
  } catch (err) {
    teardown();
    throw err;
  }
  return {
    id,
    subnet,
    dir: runDir,
    host: (role) => {
      const found = addresses.get(role);
      if (!found) throw new Error(`no host ${role}`);
      return found;
    },
    teardown,
  };
}

/** namespaces of this run still present (the test checks its teardown left none) */
export function namespacesOf(id: string): string[] {
  return ip('netns', 'list')
    .split('\n')
    .map((line) => line.split(' ')[0]!)
    .filter((name) => name.startsWith(`${id}-`));
}
