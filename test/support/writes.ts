/**
 * What a domain call wrote, for the apply steps' contract tests: how many committed writes bumped the
 * runtime version, the events each published, and the audit trail's lines. One apply is one transaction,
 * so a change shows as one bump with its events, and a refusal as none.
 */
import type { DomainEvent, Store } from '../../src/server/storage/port.js';
import { storeVersion } from './store-version.js';

export interface WritesSeen {
  /** Committed writes since the watch began (each bumps runtime.version once). */
  bumps: number;
  /** The events of each committed write that published any, in commit order. */
  notices: DomainEvent[][];
}

const version = async (store: Store) => (await storeVersion(store));

/** Starts watching; the returned function tells what committed since. */
export async function watchWrites(store: Store): Promise<() => Promise<WritesSeen>> {
  const notices: DomainEvent[][] = [];
  store.onLocalCommit((notice) => notices.push(notice.events));
  const start = await version(store);
  return async () => ({ bumps: (await version(store)) - start, notices: [...notices] });
}

/** The audit trail's lines, oldest first: who, what, on what. */
export const auditLines = (store: Store) =>
  store.db.selectFrom('audit_log').select(['username', 'action', 'target']).orderBy('id').execute();
