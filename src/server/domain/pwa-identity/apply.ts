/**
 * A PWA installation's anonymous identity. Its uid is derived from the install id, so the same phone always
 * gets the same patient back; a new one is created once, and only new ones spend the client's limit.
 * No rule file: there is nothing to decide but "known or new", which the insert itself answers.
 */
import type { Store } from '../../storage/port.js';

/** Gives a reserved unit of the new-identity limit back. */
type Refund = () => Promise<void>;

export async function ensurePwaIdentity(
  store: Store,
  installId: string,
  /** Anonymous identities cost nothing to mint: a new one reserves a unit of the per-address limit first. */
  reserveNew: () => Promise<Refund>,
): Promise<string> {
  const uid = `PWA_${installId.toLowerCase()}`;
  const known = await store.db.selectFrom('pwa_users').select('uid').where('uid', '=', uid).executeTakeFirst();
  if (known) return uid;
  const refund = await reserveNew();
  let inserted = false;
  try {
    const created = await store.db
      .insertInto('pwa_users')
      .values({ uid, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('uid').doNothing())
      .executeTakeFirst();
    inserted = Number(created.numInsertedOrUpdatedRows ?? 0) > 0;
  } finally {
    // A concurrent exchange of the same install created it first: that one paid.
    if (!inserted) await refund();
  }
  return uid;
}
