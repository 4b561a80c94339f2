/**
 * Abuse limits kept as counters in the store, so every server process on one database shares them.
 * Fixed windows: a key's count for the window that contains `now`. See docs/decisions/009-abuse-limits.md
 * for how the limits are sized against carrier-grade NAT and a clinic's own Wi-Fi.
 */
import { isIPv6 } from 'node:net';
import type { Store } from '../storage/port.js';

export interface Limit {
  /** Counter family, e.g. "ticket" or "identity". */
  name: string;
  max: number;
  windowMs: number;
}

function windowStart(now: Date, windowMs: number): string {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs).toISOString();
}

/**
 * The address a limit counts against. IPv6 phones get a /64 each and may rotate within it, so the /64
 * is one client; IPv4 is the address itself.
 */
export function clientKey(ip: string): string {
  const bare = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (!isIPv6(bare)) return bare;
  const [head] = bare.split('::');
  const groups = head.split(':').filter(Boolean);
  const full = bare.includes('::') ? [...groups, ...Array(Math.max(0, 4 - groups.length)).fill('0')] : bare.split(':');
  return `${full.slice(0, 4).join(':')}::/64`;
}

export async function countInWindow(store: Store, limit: Limit, subject: string, now = new Date()): Promise<number> {
  const row = await store.db
    .selectFrom('rate_counters')
    .select('count')
    .where('key', '=', `${limit.name}:${subject}`)
    .where('window_start', '=', windowStart(now, limit.windowMs))
    .executeTakeFirst();
  return row?.count ?? 0;
}

/** True while `subject` is still under the limit (reads only; count with `record`). */
export async function underLimit(store: Store, limit: Limit, subject: string, now = new Date()): Promise<boolean> {
  return (await countInWindow(store, limit, subject, now)) < limit.max;
}

/** Counts one more use, atomically (an upsert), and returns the new count. */
export async function record(store: Store, limit: Limit, subject: string, now = new Date()): Promise<number> {
  const row = await store.db
    .insertInto('rate_counters')
    .values({ key: `${limit.name}:${subject}`, window_start: windowStart(now, limit.windowMs), count: 1 })
    .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet((eb) => ({ count: eb('rate_counters.count', '+', 1) })))
    .returning('count')
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Drops windows that ended long ago (the retention job calls it). */
export async function pruneCounters(store: Store, olderThan: Date): Promise<void> {
  await store.db.deleteFrom('rate_counters').where('window_start', '<', olderThan.toISOString()).execute();
}
