/**
 * The entrance kiosk over each real store: staff make a kiosk and revoke it, each one write with its audit
 * line; a revoked kiosk's row refuses it; a second revoke changes nothing; and the reception the kiosk's
 * screen reads names no patient.
 */
import { expect, it } from 'vitest';
import { describeStores } from '../../../../test/support/stores.js';
import { auditLines } from '../../../../test/support/writes.js';
import { outcomeWithKey, openReception, takeSlot, useTestStore } from '../../../../test/support/domain-store.js';
import { saveTicketSettings } from '../ticket/settings.js';
import { enrolKiosk, revokeKiosk } from './apply.js';
import { listKiosks, readKioskReception, readKioskRow } from './read.js';
import { decideKiosk, kioskReception } from './rule.js';

const staff = { id: null, username: 'desk' };

describeStores('the entrance kiosk over the store', (kind) => {
  const t = useTestStore(kind);

  it('makes a kiosk, audited; its row admits it until staff revoke it, audited', async () => {
    const { id } = await enrolKiosk({ store: t.store, name: '入口', actor: staff });
    expect(decideKiosk(await readKioskRow(t.store.db, id))).toMatchObject({ id, name: '入口', created_by: 'desk' });
    expect(await listKiosks(t.store.db)).toEqual([expect.objectContaining({ id, name: '入口', createdBy: 'desk', revokedAt: null })]);
    await revokeKiosk({ store: t.store, id, actor: { id: null, username: 'manager' } });
    expect(await outcomeWithKey(Promise.resolve().then(async () => decideKiosk(await readKioskRow(t.store.db, id))))).toBe('PERMISSION_DENIED error.kioskRevoked');
    expect(await listKiosks(t.store.db)).toEqual([expect.objectContaining({ id, revokedBy: 'manager', revokedAt: expect.any(String) })]);
    const lines = await auditLines(t.store);
    expect(lines.map((l) => l.action)).toEqual(expect.arrayContaining(['kiosk.enrol', 'kiosk.revoke']));
  });

  it('a second revoke, or one of no kiosk, is refused and writes nothing', async () => {
    const { id } = await enrolKiosk({ store: t.store, name: '入口', actor: staff });
    await revokeKiosk({ store: t.store, id, actor: staff });
    const before = (await auditLines(t.store)).length;
    const row = await readKioskRow(t.store.db, id);
    expect(await outcomeWithKey(revokeKiosk({ store: t.store, id, actor: staff }))).toBe('FAILED_PRECONDITION error.kioskAlreadyRevoked');
    expect(await outcomeWithKey(revokeKiosk({ store: t.store, id: crypto.randomUUID(), actor: staff }))).toBe('NOT_FOUND error.kioskNotFound');
    expect(await readKioskRow(t.store.db, id)).toEqual(row);
    expect((await auditLines(t.store)).length).toBe(before);
  });

  it('reads reception as the desk sees it, and prints once the ticket settings are saved', async () => {
    const closed = await readKioskReception(t.store.db);
    expect(kioskReception(closed).closed).toBe('stopped');
    expect(closed.prints).toBe(false);
    await openReception(t.store);
    await takeSlot(t.store, 'PWA_someone');
    const open = await readKioskReception(t.store.db);
    expect(kioskReception(open)).toMatchObject({ closed: null, queues: [{ id: 'main', closed: null }] });
    expect(JSON.stringify(open)).not.toContain('PWA_someone');
    await saveTicketSettings({ store: t.store, settings: { paper: '58', note: '' }, actor: staff });
    expect((await readKioskReception(t.store.db)).prints).toBe(true);
  });
});
