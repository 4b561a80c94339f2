/**
 * prom-client's default process metrics (collectDefaultMetrics), with the same names, help texts, types
 * and labels, read and written by us in one pass per scrape. A scrape is rare (every 15 s or so), so V8
 * never optimises the code it runs: with prom-client's ~35 gauges, each validating and hashing its labels
 * and formatted apart by the registry, a scrape cost 2.1 ms of server CPU (median) against 0.3 ms
 * without them, and a scrape inside the opening burst is what metrics cost it (decision 034). Here each
 * family's header is written once and a scrape joins numbers to it.
 * Besides: the handle and resource counts list the process once per scrape (prom-client's by-type gauge
 * and its total each listed a thousand sockets in the burst), the open descriptors are counted without
 * listing them where the kernel allows, and the CPU counters count from the process's start (prom-client's
 * from its own loading).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';
import { escapeValue, handFamily, type HandFamily } from './fast-series.js';
import { loopMetrics } from './loop-metrics.js';

const FD_DIR = '/proc/self/fd';
const STATUS_FIELD = /^(VmRSS|VmSize|VmData):\s*(\d+) kB/gm;
const LINUX = process.platform === 'linux';

type Process = NodeJS.Process & { _getActiveHandles?: () => unknown[]; _getActiveRequests?: () => unknown[] };

const F = {
  cpuUser: handFamily('process_cpu_user_seconds_total', 'Total user CPU time spent in seconds.', 'counter'),
  cpuSystem: handFamily('process_cpu_system_seconds_total', 'Total system CPU time spent in seconds.', 'counter'),
  cpu: handFamily('process_cpu_seconds_total', 'Total user and system CPU time spent in seconds.', 'counter'),
  resident: handFamily('process_resident_memory_bytes', 'Resident memory size in bytes.'),
  virtual: handFamily('process_virtual_memory_bytes', 'Virtual memory size in bytes.'),
  heap: handFamily('process_heap_bytes', 'Process heap size in bytes.'),
  openFds: handFamily('process_open_fds', 'Number of open file descriptors.'),
  maxFds: handFamily('process_max_fds', 'Maximum number of open file descriptors.'),
  requests: handFamily('nodejs_active_requests', 'Number of active libuv requests grouped by request type. Every request type is C++ class name.'),
  requestsTotal: handFamily('nodejs_active_requests_total', 'Total number of active requests.'),
  handles: handFamily('nodejs_active_handles', 'Number of active libuv handles grouped by handle type. Every handle type is C++ class name.'),
  handlesTotal: handFamily('nodejs_active_handles_total', 'Total number of active handles.'),
  resources: handFamily('nodejs_active_resources', 'Number of active resources that are currently keeping the event loop alive, grouped by async resource type.'),
  resourcesTotal: handFamily('nodejs_active_resources_total', 'Total number of active resources.'),
  heapTotal: handFamily('nodejs_heap_size_total_bytes', 'Process heap size from Node.js in bytes.'),
  heapUsed: handFamily('nodejs_heap_size_used_bytes', 'Process heap size used from Node.js in bytes.'),
  external: handFamily('nodejs_external_memory_bytes', 'Node.js external memory size in bytes.'),
  spaceTotal: handFamily('nodejs_heap_space_size_total_bytes', 'Process heap space size total from Node.js in bytes.'),
  spaceUsed: handFamily('nodejs_heap_space_size_used_bytes', 'Process heap space size used from Node.js in bytes.'),
  spaceAvailable: handFamily('nodejs_heap_space_size_available_bytes', 'Process heap space size available from Node.js in bytes.'),
  startTime: handFamily('process_start_time_seconds', 'Start time of the process since unix epoch in seconds.'),
  version: handFamily('nodejs_version_info', 'Node.js version info.'),
};

/** What never changes while the process runs, written once. */
function constantText(): string {
  const start = Math.round(Date.now() / 1000 - process.uptime());
  const [major, minor, patch] = process.version.slice(1).split('.');
  const labels = `version="${escapeValue(process.version)}",major="${major}",minor="${minor}",patch="${patch}"`;
  let out = F.startTime.one(start) + `${F.version.head}${F.version.line(1, labels)}\n`;
  const maxFds = LINUX ? maxOpenFiles() : undefined;
  if (maxFds !== undefined) out += F.maxFds.one(maxFds);
  return out;
}

export interface ProcessMetrics {
  /** The families' exposition text, each ending with a newline. */
  text(): Promise<string>;
  /** Stops the event-loop monitor and the collection observer (the app closes). */
  stop(): void;
}

export function processMetrics(): ProcessMetrics {
  const constant = constantText();
  const loop = loopMetrics();
  return {
    async text() {
      const out = constant + cpuText() + memoryText() + listsText() + heapText() + loop.text();
      // Measured from here, so that the lag is the loop's and not these reads'.
      return out + (await loop.lag());
    },
    stop: () => loop.stop(),
  };
}

function cpuText(): string {
  const { user, system } = process.cpuUsage();
  return F.cpuUser.one(user / 1e6) + F.cpuSystem.one(system / 1e6) + F.cpu.one((user + system) / 1e6);
}

/** Linux: /proc/self/status, as prom-client reads it; elsewhere the resident size alone, as it does. */
function memoryText(): string {
  let out = '';
  if (LINUX) {
    const status = procStatus();
    if (status) {
      out += F.resident.one(status.VmRSS) + F.virtual.one(status.VmSize) + F.heap.one(status.VmData);
    }
    const fds = openFds();
    if (fds !== null) out += F.openFds.one(fds);
  } else {
    out += F.resident.one(process.memoryUsage.rss());
  }
  return out;
}

/** Handles, resources and requests by type, each list read once for both its gauges. */
function listsText(): string {
  const proc = process as Process;
  let out = '';
  if (typeof proc._getActiveRequests === 'function') {
    out += byType(F.requests, F.requestsTotal, proc._getActiveRequests(), constructorName);
  }
  if (typeof proc._getActiveHandles === 'function') {
    out += byType(F.handles, F.handlesTotal, proc._getActiveHandles(), constructorName);
  }
  if (typeof process.getActiveResourcesInfo === 'function') {
    out += byType(F.resources, F.resourcesTotal, process.getActiveResourcesInfo(), (r) => r);
  }
  return out;
}

const constructorName = (item: unknown) => (item as { constructor?: { name?: string } } | null)?.constructor?.name;

/** As prom-client counts: entries without a type are left out of the by-type counts only. */
function byType<T>(family: HandFamily, total: HandFamily, list: T[], key: (item: T) => string | undefined): string {
  const counts = new Map<string, number>();
  for (const item of list) {
    const k = key(item);
    if (k !== undefined) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  let out = family.head;
  for (const [type, count] of counts) out += family.line(count, `type="${escapeValue(type)}"`);
  return `${out}\n${total.one(list.length)}`;
}

function heapText(): string {
  let usage: NodeJS.MemoryUsage | undefined;
  try {
    usage = process.memoryUsage();
  } catch {
    // It can throw on some platforms (prom-client's safeMemoryUsage): the heap's families stay empty.
  }
  let out = '';
  if (usage) {
    out += F.heapTotal.one(usage.heapTotal) + F.heapUsed.one(usage.heapUsed) + F.external.one(usage.external);
  }
  let total = F.spaceTotal.head;
  let used = F.spaceUsed.head;
  let available = F.spaceAvailable.head;
  for (const space of getHeapSpaceStatistics()) {
    const labels = `space="${space.space_name.slice(0, space.space_name.indexOf('_space'))}"`;
    total += F.spaceTotal.line(space.space_size, labels);
    used += F.spaceUsed.line(space.space_used_size, labels);
    available += F.spaceAvailable.line(space.space_available_size, labels);
  }
  return `${out}${total}\n${used}\n${available}\n`;
}

/** VmRSS, VmSize and VmData of /proc/self/status, in bytes; null when it cannot be read. */
function procStatus(): Record<'VmRSS' | 'VmSize' | 'VmData', number> | null {
  try {
    const found = { VmRSS: NaN, VmSize: NaN, VmData: NaN };
    for (const [, field, kb] of readFileSync('/proc/self/status', 'utf8').matchAll(STATUS_FIELD)) found[field as keyof typeof found] = Number(kb) * 1024;
    return found;
  } catch {
    return null;
  }
}

/** The soft limit of open files, as prom-client reads it once from /proc/self/limits. */
function maxOpenFiles(): number | undefined {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    return line ? Number(line.split(/ {2,}/)[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The open file descriptors. prom-client lists /proc/self/fd, a thousand names with the opening burst's
 * sockets open (about half a millisecond a scrape); Linux 6.2 and later give the count as that directory's
 * size, without listing or opening it. An older kernel says 0 there: then the list, as prom-client does
 * (less the descriptor the listing itself held open).
 */
function openFds(): number | null {
  try {
    const { size } = statSync(FD_DIR);
    return size > 0 ? size : readdirSync(FD_DIR).length - 1;
  } catch {
    return null;
  }
}
