/**
 * A desk patient's mobile over each real store (decision 070): saved sealed with its masked form and audited
 * masked; refused changing nothing; deleted when the reservation is served or deleted and when the session
 * ends; never in a backup, the CSV exports or the turn-is-near outbox row; the turn-is-near notice and the
 * recall queued once by SMS.
 */
import { expect, it } from 'vitest';
import { sealer } from '../../auth/sealed.js';
import type { Store } from '../../storage/port.js';
import { writeBackup } from '../../ops/backup.js';
import { auditCsv, slotRowsCsv } from '../stats/csv.js';
import { daysRange } from '../stats/periods.js';
import { tokyoDate } from '../../../shared/time/tokyo.js';
import { markSlot } from '../mark-slot/apply.js';
import { switchReception } from '../reception/apply.js';
import { requestRecall } from '../notices/recall/apply.js';
import { outcomeWithKey, takeSlot, useTestStore } from '../../../../test/support/domain-store.js';
import { describeStores } from '../../../../test/support/stores.js';
import { setSmsNumber } from './apply.js';
import { saveSmsSettings } from './settings.js';
import { readSmsAccount, smsNumberOf } from './read.js';

const actor = { id: null, username: 'desk' };
const seal = sealer('a server secret for the test', 'sms');
const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'f'.repeat(32);

async function smsOn(store: Store) {
  await saveSmsSettings({ store, seal, input: { on: true, accountSid: SID, authToken: TOKEN, from: '+15005550006' }, actor });
}

const numbers = (store: Store) => store.db.selectFrom('sms_numbers').selectAll().execute();

async function everything(store: Store): Promise<string> {
  const lines: string[] = [];
  await writeBackup(store, (line) => void lines.push(line));
  const day = tokyoDate(new Date());
  const range = daysRange(day, day);
  for await (const chunk of slotRowsCsv(store, range)) lines.push(chunk);
  for await (const chunk of auditCsv(store, range)) lines.push(chunk);
  return lines.join('\n');
}

describeStores('a desk patient\'s SMS number over the store', (kind) => {
  const t = useTestStore(kind, { reception: true });

  it('is saved sealed and masked, audited masked, and never in a backup or a CSV export', async () => {
    await smsOn(t.store);
    const walkIn = await takeSlot(t.store, null);
    expect(await setSmsNumber({ store: t.store, seal, slotId: walkIn.slotId, phone: '０９０－１２３４－５６７８', actor })).toEqual({ ok: true, masked: '090-****-5678' });
    const [row] = await numbers(t.store);
    expect(row).toMatchObject({ slot_id: walkIn.slotId, masked: '090-****-5678' });
    expect(row.phone).not.toContain('9012345678');
    expect(await smsNumberOf(t.store.db, seal, walkIn.slotId)).toBe('+819012345678');
    // Another server's key opens neither the number nor the token.
    const other = sealer('another secret', 'sms');
    expect(await smsNumberOf(t.store.db, other, walkIn.slotId)).toBeNull();
    expect(await readSmsAccount(t.store.db, other)).toBeNull();
    expect(await readSmsAccount(t.store.db, seal)).toEqual({ accountSid: SID, authToken: TOKEN, from: '+15005550006' });

    const all = await everything(t.store);
    expect(all).toContain('setSmsNumber');
    expect(all).toContain('090-****-5678');
    for (const form of ['9012345678', '090-1234', '1234-5678', TOKEN]) expect(all).not.toContain(form);
    expect(all).not.toContain('"sms_numbers"');
  });

  it('refuses a number that is not a Japanese mobile, SMS off, and a LINE or app number, changing nothing', async () => {
    const walkIn = await takeSlot(t.store, null);
    const app = await takeSlot(t.store, 'PWA_a');
    expect(await outcomeWithKey(setSmsNumber({ store: t.store, seal, slotId: walkIn.slotId, phone: '090-1234-5678', actor }))).toBe('FAILED_PRECONDITION error.smsOff');
    await smsOn(t.store);
    expect(await outcomeWithKey(setSmsNumber({ store: t.store, seal, slotId: walkIn.slotId, phone: '03-1234-5678', actor }))).toBe('INVALID_ARGUMENT error.smsNumber');
    expect(await outcomeWithKey(setSmsNumber({ store: t.store, seal, slotId: app.slotId, phone: '090-1234-5678', actor }))).toBe('FAILED_PRECONDITION error.smsDeskOnly');
    expect(await numbers(t.store)).toEqual([]);
  });

  it('is deleted when the number is served, deleted or removed by the desk', async () => {
    await smsOn(t.store);
    const [a, b, c, d] = [await takeSlot(t.store, null), await takeSlot(t.store, null), await takeSlot(t.store, null), await takeSlot(t.store, null)];
    for (const [slot, phone] of [[a, '09011110001'], [b, '09011110002'], [c, '09011110003'], [d, '09011110004']] as const) {
      await setSmsNumber({ store: t.store, seal, slotId: slot.slotId, phone, actor });
    }
    await markSlot({ store: t.store, slotId: a.slotId, action: 'start' });
    await markSlot({ store: t.store, slotId: b.slotId, action: 'delete' });
    await setSmsNumber({ store: t.store, seal, slotId: c.slotId, phone: null, actor });
    expect((await numbers(t.store)).map((r) => r.slot_id)).toEqual([d.slotId]);
    await markSlot({ store: t.store, slotId: d.slotId, action: 'hold' }); // not an end
    await markSlot({ store: t.store, slotId: d.slotId, action: 'undoHold' });
    expect(await numbers(t.store)).toHaveLength(1);
    // Undoing the start brings the number back, not the mobile: it was deleted with the reservation's end.
    await markSlot({ store: t.store, slotId: a.slotId, action: 'undoStart' });
    expect((await numbers(t.store)).map((r) => r.slot_id)).toEqual([d.slotId]);
    await markSlot({ store: t.store, slotId: d.slotId, action: 'start' });
    expect(await numbers(t.store)).toEqual([]);
  });

  it('is gone, every one, when the session ends, even one left behind by a reservation that ended', async () => {
    await smsOn(t.store);
    const a = await takeSlot(t.store, null);
    await markSlot({ store: t.store, slotId: a.slotId, action: 'start' });
    // As a crash between two writes could leave it: a row whose reservation has already ended.
    await t.store.db.insertInto('sms_numbers').values({ slot_id: a.slotId, phone: 'v1.x.y.z', masked: '090-****-0000', created_at: new Date().toISOString() }).execute();
    await switchReception({ store: t.store, name: 'endOnline' });
    await switchReception({ store: t.store, name: 'endInhouse' });
    expect(await numbers(t.store)).toEqual([]);
  });

  it('queues the turn-is-near notice and the recall by SMS, once each, naming the reservation and not the number', async () => {
    await smsOn(t.store);
    const first = await takeSlot(t.store, null);
    const walkIns = [];
    for (let i = 0; i < 7; i++) walkIns.push(await takeSlot(t.store, null));
    const last = walkIns[6]; // 7 ahead
    await setSmsNumber({ store: t.store, seal, slotId: last.slotId, phone: '090-1234-5678', actor });
    const outbox = () => t.store.db.selectFrom('outbox').selectAll().where('slot_id', '=', last.slotId).execute();
    expect(await outbox()).toEqual([]);
    await markSlot({ store: t.store, slotId: first.slotId, action: 'start' });
    await markSlot({ store: t.store, slotId: walkIns[0].slotId, action: 'start' }); // 5 ahead
    await markSlot({ store: t.store, slotId: walkIns[1].slotId, action: 'start' }); // 4 ahead: no second notice
    const [ahead] = await outbox();
    expect(await outbox()).toHaveLength(1);
    expect(ahead).toMatchObject({ kind: 'ahead5', channel: 'SMS', recipient: last.slotId, status: 'pending' });
    await requestRecall({ store: t.store, slotId: last.slotId, channelConfigured: () => false });
    expect(await outcomeWithKey(requestRecall({ store: t.store, slotId: last.slotId, channelConfigured: () => false }))).toBe('FAILED_PRECONDITION error.recallAlreadySent');
    expect((await outbox()).map((r) => [r.kind, r.channel])).toEqual(expect.arrayContaining([['ahead5', 'SMS'], ['recall', 'SMS']]));
    expect(JSON.stringify(await outbox())).not.toContain('9012345678');
    // A walk-in without a mobile is not recalled (no channel), as before.
    expect(await outcomeWithKey(requestRecall({ store: t.store, slotId: walkIns[5].slotId, channelConfigured: () => true }))).toBe('FAILED_PRECONDITION error.slotNotChannel');
  });
});
