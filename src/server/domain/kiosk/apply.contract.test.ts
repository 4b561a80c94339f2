/**
 * The entrance kiosk over each real store: staff make a kiosk and revoke it, each one write with its audit
 * line; a revoked kiosk's row refuses it; a second revoke changes nothing; the reception the kiosk's
 * screen reads names no patient; and a kiosk's number is taken with its ticket in one write, which reads
 * the kiosk's row itself (a kiosk revoked after its call was admitted takes nothing).
 */
import { expect, it } from 'vitest';
import { describeStores } from '../../../../test/support/stores.js';
import { auditLines, watchWrites } from '../../../../test/support/writes.js';
import { outcomeWithKey, openReception, takeSlot, useTestStore } from '../../../../test/support/domain-store.js';
import { saveTicketSettings } from '../ticket/settings.js';
import { allocationOf } from '../../../../test/support/allocation.js';
import { newTicketToken, ticketDigest } from '../ticket/token.js';
import { enrolKiosk, revokeKiosk, takeKioskNumber } from './apply.js';
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

  const take = (kiosk: { id: string; name: string }, token?: string) =>
    takeKioskNumber({ store: t.store, allocation: allocationOf(t.store), kiosk, clinicName: 'さくら', ...(token ? { token } : {}) });
  const issued = () => t.store.db.selectFrom('reservation_slots').select('id').where('is_reserved', '=', 1).execute();
  const tickets = () => t.store.db.selectFrom('ticket_tokens').select(['slot_id', 'token_hash']).execute();

  it('takes the number and its ticket in one write', async () => {
    await openReception(t.store);
    const { id } = await enrolKiosk({ store: t.store, name: '入口', actor: staff });
    const seen = await watchWrites(t.store);
    const print = await take({ id, name: '入口' });
    expect(print).toMatchObject({ reservationNumber: 1, clinicName: 'さくら', ahead: 0, reprint: false, queueName: null });
    const [slot] = await issued();
    expect(await tickets()).toEqual([{ slot_id: slot.id, token_hash: ticketDigest(print.token) }]);
    expect((await seen()).bumps).toBe(1);
    const lines = await auditLines(t.store);
    expect(lines.slice(-2).map((l) => [l.username, l.action])).toEqual([
      ['キオスク「入口」', 'allocateNextSlot'],
      ['キオスク「入口」', 'ticket.issue'],
    ]);
  });

  it('a ticket that cannot be written takes no number', async () => {
    await openReception(t.store);
    const { id } = await enrolKiosk({ store: t.store, name: '入口', actor: staff });
    const token = newTicketToken();
    await take({ id, name: '入口' }, token);
    const before = { slots: await issued(), tickets: await tickets() };
    // The same token again: its digest is taken, so the ticket's insert fails inside the number's write.
    expect(await outcomeWithKey(take({ id, name: '入口' }, token))).not.toBe('ok');
    expect({ slots: await issued(), tickets: await tickets() }).toEqual(before);
  });

  it('a kiosk revoked after its call was admitted is refused inside the write, and nothing is written', async () => {
    await openReception(t.store);
    const { id } = await enrolKiosk({ store: t.store, name: '入口', actor: staff });
    await revokeKiosk({ store: t.store, id, actor: staff });
    const before = (await auditLines(t.store)).length;
    const seen = await watchWrites(t.store);
    expect(await outcomeWithKey(take({ id, name: '入口' }))).toBe('PERMISSION_DENIED error.kioskRevoked');
    expect(await issued()).toEqual([]);
    expect(await tickets()).toEqual([]);
    expect((await seen()).bumps).toBe(0);
    expect((await auditLines(t.store)).length).toBe(before);
    // A kiosk whose row is gone (a restored store) likewise.
    expect(await outcomeWithKey(take({ id: crypto.randomUUID(), name: '入口' }))).toBe('PERMISSION_DENIED error.kioskRevoked');
    expect(await issued()).toEqual([]);
  });
});
