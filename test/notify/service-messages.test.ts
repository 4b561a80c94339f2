/**
 * LINE MINI App service messages (issue 37, docs/decisions/051) over real HTTP, a real store of each kind and
 * the fake LINE: the number taken, the turn near, the recall and the absence go as the clinic's template with
 * the renewed token kept; each case LINE refuses goes by exactly one push instead.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callFn, mustCall, pwaPatient } from '../support/client.js';
import { applyRetention } from '../../src/server/ops/retention.js';
import { writeBackup } from '../../src/server/ops/backup.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';
import { eventually, outboxSettled } from './support.js';
import { outboxOf, startServiceWorld, type ServiceWorld, TEMPLATE, tokenRow, tokensIn } from './service-support.js';

describeStores('service messages', (kind) => {
  let t: TestStore;
  let w: ServiceWorld;
  beforeEach(async () => {
    t = await openTestStore(kind);
    w = await startServiceWorld({ store: t.store });
  });
  afterEach(async () => {
    await w.close();
    // Never logged: no LIFF access token and no notification token in any line the server wrote.
    expect(w.logs.length).toBeGreaterThan(0);
    expect(tokensIn(w.line, w.logs.join('\n'))).toEqual([]);
    await t.cleanup();
  });
  const settled = () => eventually(() => outboxSettled(w.server), 'the outbox settled');

  it('sends number taken, turn near, recall and absence as the template, keeping each renewed token', async () => {
    const first = await w.take(1); // nobody ahead: the turn-near notice is due at once, with the number
    await settled();
    const n = w.line.notifier;
    expect(n.issuedPer.get(first.liff)).toBe(1);
    expect(n.delivered.map((d) => d.params.note)).toEqual([
      expect.stringContaining('受付番号 1番で受け付けました'),
      expect.stringContaining('受付番号 1番の方へ'),
    ]);
    expect(n.delivered[0]).toMatchObject({ userId: first.userId, templateName: TEMPLATE, params: { number: '1', people_ahead: '0', shop_name: 'さくらクリニック' } });
    expect(w.line.requests).toHaveLength(0); // no push at all

    await w.staff('sendReservationMessageBySlot', { slotId: first.slotId, kind: 'recall' });
    for (let i = 0; i < 4; i++) await w.staff('allocateNextSlot', { reservedType: 'ADMIN' });
    await w.staff('markAbsent', { slotId: first.slotId, absences: 0 });
    await settled();
    expect(n.delivered.map((d) => d.params.note)).toEqual([
      expect.stringContaining('受付番号 1番で受け付けました'),
      expect.stringContaining('あなたの前の方が5人になりました'),
      expect.stringContaining('順番になりました'),
      expect.stringContaining('お呼びしましたがいらっしゃらなかったため'),
    ]);
    // Each send used the token the one before it was answered with.
    const used = n.sends.map((s) => s.notificationToken);
    expect(new Set(used).size).toBe(4);
    expect(n.sends.every((s) => s.answered === 200)).toBe(true);
    const row = await tokenRow(w.server, first.slotId);
    expect(row).toMatchObject({ state: 'ready', remaining: 1, attempt_outbox_id: null });
    // Sealed at rest: neither the current token nor any earlier one is in the database in clear.
    const alive = [...n.tokens.entries()].find(([, v]) => v.alive)![0];
    expect(row!.token).not.toContain(alive);
    expect(tokensIn(w.line, JSON.stringify(await w.server.store.db.selectFrom('service_tokens').selectAll().execute()))).toEqual([]);
    expect(tokensIn(w.line, JSON.stringify(await w.server.store.db.selectFrom('outbox').selectAll().execute()))).toEqual([]);
    // Nor in a backup, which leaves the sealed tokens out altogether.
    const backup: string[] = [];
    await writeBackup(w.server.store, (l) => void backup.push(l));
    expect(backup.join('\n')).not.toContain('service_tokens');
    expect(tokensIn(w.line, backup.join('\n'))).toEqual([]);
    expect((await outboxOf(w.server, first.slotId)).map((r) => [r.kind, r.status, r.path])).toEqual([
      ['ahead5', 'sent', 'service-done'],
      ['taken', 'sent', 'service-done'],
      ['recall', 'sent', 'service-done'],
      ['absence', 'sent', 'service-done'],
    ]);

    const status = await w.staff<{ lineSentThisMonth: number; thisMonth: { byKind: { kind: string; service: number; linePush: number }[]; pushesSaved: number } }>('getMessagingStatus');
    expect(status.lineSentThisMonth).toBe(0); // service messages are not LINE's paid messages
    expect(status.thisMonth.pushesSaved).toBe(3);
    expect(status.thisMonth.byKind.find((k) => k.kind === 'taken')).toMatchObject({ service: 1, linePush: 0 });
    expect(w.line.unexpected).toEqual([]);
  });

  const fallbacks: [string, (w: ServiceWorld) => void, number, string][] = [
    ['the channel is not a verified MINI App', (w) => void (w.line.notifier.verified = false), 403, 'ready'],
    ['the template is refused', (w) => void w.line.notifier.templates.clear(), 400, 'ready'],
    ['the token has expired', (w) => w.line.notifier.tokens.forEach((_v, k) => w.line.notifier.expire(k)), 400, 'spent'],
    ['the token is used up', (w) => w.line.notifier.tokens.forEach((v) => void (v.remaining = 0)), 400, 'spent'],
  ];
  it.each(fallbacks)('pushes a notice exactly once when %s', async (_name, breakIt, answered, tokenState) => {
    for (let i = 0; i < 6; i++) await w.staff('allocateNextSlot', { reservedType: 'ADMIN' });
    const patient = await w.take(7); // six ahead: no notice yet but the number taken
    await eventually(() => w.line.notifier.delivered.length === 1, 'the number-taken message');
    await settled();
    breakIt(w);
    w.line.notifier.delivered.length = 0;
    const slots = await w.server.store.db.selectFrom('reservation_slots').select(['id']).where('reserved_type', '=', 'ADMIN').orderBy('reservation_number').execute();
    await w.staff('markSlot', { slotId: slots[0].id, action: 'start' }); // five ahead: the turn is near
    await eventually(() => w.line.delivered[0], 'the push');
    await settled();
    expect(w.line.delivered).toHaveLength(1);
    expect(w.line.delivered[0]).toMatchObject({ to: patient.userId, text: expect.stringContaining('受付番号 7番の方へ') });
    expect(w.line.notifier.delivered).toHaveLength(0);
    const rows = await outboxOf(w.server, patient.slotId);
    expect(rows.find((r) => r.kind === 'ahead5')).toMatchObject({ status: 'sent', path: 'push' });
    expect((await w.staff<{ failures: unknown[] }>('getMessagingStatus')).failures).toEqual([]);
    expect(w.line.notifier.sends.at(-1)?.answered).toBe(answered);
    // A refusal of the token spends it (later notices go straight to the push); the channel's or template's do not.
    expect(await tokenRow(w.server, patient.slotId)).toMatchObject({ state: tokenState, attempt_outbox_id: null });
    expect((await w.server.store.db.selectFrom('outbox').select('id').where('status', '!=', 'sent').execute())).toEqual([]);
  });

  it('never pushes the number taken: refused as a service message, it is recorded as not sent', async () => {
    w.line.notifier.verified = false;
    const patient = await w.take(1);
    await eventually(async () => (await outboxOf(w.server, patient.slotId)).some((r) => r.kind === 'taken' && r.status === 'failed'), 'the number taken refused');
    await settled();
    // The turn-near notice due with the number went by one push; the number taken by none.
    expect(w.line.delivered.map((d) => d.text)).toEqual([expect.stringContaining('受付番号 1番の方へ')]);
    const status = await w.staff<{ failures: { kind: string; reason: string }[] }>('getMessagingStatus');
    expect(status.failures).toEqual([expect.objectContaining({ kind: 'taken', reason: expect.stringContaining('not pushed') })]);
  });

  it('sends nothing but the push, as today, to a number taken without a LIFF access token', async () => {
    const token = await (await import('./support.js')).lineToken(w.server.dataDir, 'U'.padEnd(33, '9'));
    const slot = await mustCall<{ slotId: string }>(w.server.url, 'allocateNextSlot', { reservedType: 'LINE' }, { token });
    await eventually(() => w.line.delivered[0], 'the push');
    await settled();
    expect(w.line.notifier.sends).toHaveLength(0);
    expect(await tokenRow(w.server, slot.slotId)).toBeUndefined();
  });

  it('keeps a token no longer than two days (retention)', async () => {
    const patient = await w.take(1);
    await eventually(async () => (await tokenRow(w.server, patient.slotId))?.state === 'ready', 'the token kept');
    const settings = { retentionDays: 90, auditRetentionDays: 365 };
    await applyRetention(w.server.store, settings, new Date(Date.now() + 47 * 3600_000));
    expect(await tokenRow(w.server, patient.slotId)).toBeDefined();
    await applyRetention(w.server.store, settings, new Date(Date.now() + 49 * 3600_000));
    expect(await tokenRow(w.server, patient.slotId)).toBeUndefined();
  });

  it('refuses a LIFF access token with a number that is not LINE, and changes nothing', async () => {
    const patient = await pwaPatient(w.server.url);
    const answer = await callFn(w.server.url, 'allocateNextSlot', { reservedType: 'PWA', liffAccessToken: 'liff-x' }, { token: patient.token });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { status: 'INVALID_ARGUMENT', message: 'LINEミニアプリのアクセストークンは、LINEでの受付にだけ付けられます。' } });
    expect(await w.server.store.db.selectFrom('reservation_slots').selectAll().where('owner_id', '=', patient.uid).execute()).toEqual([]);
    const long = await callFn(w.server.url, 'allocateNextSlot', { reservedType: 'LINE', liffAccessToken: 'x'.repeat(2049) }, { token: patient.token });
    expect(long.status).toBe(400);
  });
});

describe('one notification token per LIFF access token', () => {
  let w: ServiceWorld;
  afterEach(async () => w?.close());
  it('is asked for once even when the same LIFF access token comes with a second number', async () => {
    w = await startServiceWorld();
    const first = await w.take(1);
    await eventually(() => outboxSettled(w.server), 'settled');
    await mustCall(w.server.url, 'cancelReservation', { slotId: first.slotId, reservationNumber: first.reservationNumber, canceledBy: 'LINE' }, { token: first.token });
    await mustCall(w.server.url, 'allocateNextSlot', { reservedType: 'LINE', liffAccessToken: first.liff }, { token: first.token });
    await eventually(() => outboxSettled(w.server), 'settled');
    expect(w.line.notifier.issuedPer.get(first.liff)).toBe(1);
  });
});
