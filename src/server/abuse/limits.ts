/**
 * Abuse limits kept as counters in the store, so every server process on one database shares them.
 * A limit is a reservation: one statement takes a unit only while the counter is under its maximum, so
 * requests arriving together cannot all pass a read made before any of them counted. See
 * docs/decisions/014-atomic-limits.md (and 009 for how the limits are sized).
 */
import { createHmac, hkdfSync } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { type Kysely, sql } from 'kysely';
import type { Store } from '../storage/port.js';
import type { Database } from '../storage/schema.js';

export interface Limit {
  /** Counter family, e.g. "ticket" or "identity". */
  name: string;
  max: number;
  windowMs: number;
}

/** One row of `rate_counters`: what a reservation takes a unit of, and what a refund gives back to. */
export interface Counter {
  key: string;
  windowStart: string;
  max: number;
}

/**
 * What a patient's counters are keyed by (decision 057): an HMAC-SHA-256 of the uid under a key derived from
 * the server's secret (TOKEN_SECRET, or DATA_DIR's generated one, which every process shares and no backup
 * holds), never the uid, which is a bearer credential: counters are in backups, and a keyed hash lets no one
 * holding one confirm a uid they guessed. One patient is still one counter in every process.
 */
export function patientSubjects(secret: string): (uid: string) => string {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'clinic-queue rate-counter patient', 32));
  return (uid) => `ph:${createHmac('sha256', key).update(uid).digest('hex')}`;
}

/** The counter of `subject` for the fixed window of `limit` that contains `now`. */
export function inWindow(limit: Limit, subject: string, now = new Date()): Counter {
  const start = new Date(Math.floor(now.getTime() / limit.windowMs) * limit.windowMs).toISOString();
  return { key: `${limit.name}:${subject}`, windowStart: start, max: limit.max };
}

/**
 * Takes one unit of `counter` if it is under its maximum; false when it is not. One conditional upsert:
 * on PostgreSQL the conflicting row is locked and the condition re-read, on SQLite the statement runs
 * alone, so concurrent callers in any number of processes never take more than `max` units together.
 * `db` may be a transaction: the unit then commits or rolls back with it.
 */
export async function reserve(db: Kysely<Database>, counter: Counter): Promise<boolean> {
  if (counter.max < 1) return false;
  const row = await db
    .insertInto('rate_counters')
    .values({ key: counter.key, window_start: counter.windowStart, count: 1 })
    .onConflict((oc) =>
      oc
        .columns(['key', 'window_start'])
        .doUpdateSet((eb) => ({ count: eb('rate_counters.count', '+', 1) }))
        .where('rate_counters.count', '<', counter.max),
    )
    .returning('count')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether `counter` has no unit left, by a plain read. Only a filter in front of `reserve`, which still
 * decides: a call refused here takes no write at all, one let through may still be refused by `reserve`.
 */
export async function isSpent(db: Kysely<Database>, counter: Counter): Promise<boolean> {
  if (counter.max < 1) return true;
  const row = await db
    .selectFrom('rate_counters')
    .select('count')
    .where('key', '=', counter.key)
    .where('window_start', '=', counter.windowStart)
    .executeTakeFirst();
  return row !== undefined && row.count >= counter.max;
}

/** Gives back a unit taken by `reserve` (the action it paid for did not happen or must not count). */
export async function refund(db: Kysely<Database>, counter: Counter): Promise<void> {
  await db
    .updateTable('rate_counters')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('key', '=', counter.key)
    .where('window_start', '=', counter.windowStart)
    .where('count', '>', 0)
    .execute();
}

/** The eight 16-bit groups of an IPv6 address (zone dropped, an embedded IPv4 tail as two groups). */
function ipv6Groups(ip: string): number[] {
  const bare = ip.split('%')[0];
  const parse = (part: string) =>
    part
      ? part.split(':').flatMap((g) => {
          if (!g.includes('.')) return [parseInt(g, 16)];
          const [a, b, c, d] = g.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        })
      : [];
  if (!bare.includes('::')) return parse(bare);
  const [head, tail] = bare.split('::');
  const [h, t] = [parse(head), parse(tail)];
  return [...h, ...Array<number>(8 - h.length - t.length).fill(0), ...t];
}

/**
 * The address a limit counts against. IPv6 is keyed by its /56: phones rotate addresses inside their
 * /64, and Japanese home lines are delegated a /56 or /48, so a /64 key would let one household (or one
 * attacker on it) mint 256 separate allowances. IPv4 is the address itself.
 */
export function clientKey(ip: string): string {
  const bare = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (!isIPv6(bare)) return bare;
  const [a, b, c, d] = ipv6Groups(bare);
  return `${[a, b, c, d & 0xff00].map((g) => g.toString(16)).join(':')}::/56`;
}

/** Drops windows that ended long ago (the retention job calls it), except counters whose key begins with one of `keep`. */
export async function pruneCounters(store: Store, olderThan: Date, keep: readonly string[] = []): Promise<void> {
  let prune = store.db.deleteFrom('rate_counters').where('window_start', '<', olderThan.toISOString());
  // substr, not LIKE: a key may hold `_` or `%`, which LIKE would read as wildcards.
  for (const prefix of keep) prune = prune.where(sql<string>`substr(key, 1, ${prefix.length})`, '<>', prefix);
  await prune.execute();
}
