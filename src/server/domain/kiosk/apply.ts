/**
 * The entrance kiosk (docs/decisions/072), applied: staff make a tablet a kiosk and revoke it, each one
 * audited write. The kiosk's number itself is the desk's allocation and ticket (functions/kiosk.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Store } from '../../storage/port.js';
import { type Actor, writeAudit } from '../audit.js';
import { readKioskRow } from './read.js';
import { decideRevoke } from './rule.js';

/** A new kiosk's row (its cookie is signed by the route that calls this). */
export async function enrolKiosk({ store, name, actor }: { store: Store; name: string; actor: Actor }): Promise<{ id: string }> {
  const id = randomUUID();
  return store.write(async ({ tx, now }) => {
    await tx.insertInto('kiosk_devices').values({ id, name, created_at: now, created_by: actor.username, revoked_at: null, revoked_by: null }).execute();
    await writeAudit(tx, actor, { action: 'kiosk.enrol', target: `${name} ${id}` }, now);
    return { id };
  });
}

/** The kiosk's cookie counts for nothing from this commit on: its next call is refused (rule.ts). */
export async function revokeKiosk({ store, id, actor }: { store: Store; id: string; actor: Actor }): Promise<{ ok: true }> {
  return store.write(async ({ tx, now }) => {
    const row = decideRevoke(await readKioskRow(tx, id));
    await tx.updateTable('kiosk_devices').set({ revoked_at: now, revoked_by: actor.username }).where('id', '=', id).execute();
    await writeAudit(tx, actor, { action: 'kiosk.revoke', target: `${row.name} ${id}` }, now);
    return { ok: true as const };
  });
}
