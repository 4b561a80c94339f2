/**
 * The staff audit trail: who did what to what, when, with the state before and after. Written inside the
 * action's own transaction, so an action and its record commit (or roll back) together.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AuditEntry } from '../../shared/schemas/functions.js';
import type { Database } from '../storage/schema.js';
import type { Store } from '../storage/port.js';

export interface Actor {
  id: string | null;
  username: string;
}

export interface AuditInput {
  action: string;
  target?: string | null;
  before?: unknown;
  after?: unknown;
}

// Ids sort like the log: time, then a per-process sequence (two actions in one millisecond keep their
// order), then randomness so processes sharing a database never collide.
let sequence = 0;
const auditId = (at: string) => `${at}.${String(++sequence % 1e9).padStart(9, '0')}.${randomUUID().slice(0, 8)}`;

/** `now` is the server's clock (deps.clock or the write's own time), never the system's: tests fix it. */
export async function writeAudit(db: Transaction<Database> | Kysely<Database>, actor: Actor | undefined, entry: AuditInput, now: string): Promise<void> {
  if (!actor) return; // domain calls from tests and scripts without a person behind them
  await db
    .insertInto('audit_log')
    .values({
      id: auditId(now),
      at: now,
      staff_id: actor.id,
      username: actor.username,
      action: entry.action,
      target: entry.target ?? null,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}

/**
 * The record of an act that writes nothing else (a download): a write of its own, which publishes no event,
 * so no live stream rebuilds for it.
 */
export function recordAudit(store: Store, actor: Actor, entry: AuditInput): Promise<void> {
  return store.write(({ tx, now }) => writeAudit(tx, actor, entry, now));
}

/** Newest first; `before` (an ISO time) pages back. */
export async function readAudit(store: Store, limit: number, before?: string): Promise<AuditEntry[]> {
  let query = store.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(limit);
  if (before) query = query.where('at', '<', before);
  const rows = await query.execute();
  return rows.map((r) => ({
    at: r.at,
    username: r.username,
    action: r.action,
    target: r.target,
    before: r.before === null ? null : JSON.parse(r.before),
    after: r.after === null ? null : JSON.parse(r.after),
  }));
}
