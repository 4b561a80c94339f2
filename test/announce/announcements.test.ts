/**
 * Clinic announcements (issue 14): staff set and clear one message; it travels on both live streams until
 * cleared or expired; sending it reaches every waiting LINE/PWA patient once, with the LINE count staff
 * saw beforehand; staff only, audited, bad input refused without change.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { callFn, mustCall, pwaPatient } from '../support/client.js';
import { openSse, type SseReader } from '../support/sse.js';
import { describeStores } from '../support/stores.js';
import { eventually, outboxSettled } from '../notify/support.js';
import type { AdminSnapshot, QueueSnapshot } from '../../src/shared/schemas/live.js';
import type { AnnouncementSendPreview, AuditEntry } from '../../src/shared/schemas/functions.js';
import { startWorld, type World } from './world.js';

const TEXT = 'ただいま大変混み合っています';

describeStores('clinic announcements', (kind) => {
  let w: World;
  const streams: SseReader[] = [];
  beforeEach(async () => {
    w = await startWorld(kind);
  });
  afterEach(async () => {
    for (const s of streams.splice(0)) s.close();
    await w.close();
  });

  async function follow<T>(path: string, headers: Record<string, string> = {}) {
    const reader = await openSse(`${w.server.url}${path}`, headers);
    streams.push(reader);
    return async (match: (data: T) => boolean) => JSON.parse((await reader.next((e) => match(JSON.parse(e.data) as T))).data) as T;
  }
  const audit = async () => (await w.staff<{ entries: AuditEntry[] }>('getAuditLog', {})).entries.filter((e) => e.action.startsWith('announcement.'));

  it('travels on both streams until cleared, and is audited', async () => {
    const queue = await follow<QueueSnapshot>('/api/live/queue');
    const admin = await follow<AdminSnapshot>('/api/live/admin', { cookie: w.cookie });
    expect((await queue(() => true)).announcement).toBeNull();
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const { announcementId } = await w.staff<{ announcementId: string }>('setAnnouncement', { text: `  ${TEXT} `, until });
    expect((await queue((d) => d.announcement != null)).announcement).toEqual({ text: TEXT, until });
    expect((await admin((d) => d.announcement != null)).announcement).toEqual({
      id: announcementId, text: TEXT, until, setAt: expect.any(String), sentAt: null,
    });
    expect(await w.staff('clearAnnouncement')).toEqual({ ok: true, changed: true });
    expect((await queue((d) => d.announcement === null)).announcement).toBeNull();
    expect(await w.staff('clearAnnouncement')).toEqual({ ok: true, changed: false });
    expect(await audit()).toEqual([
      expect.objectContaining({ action: 'announcement.clear', target: announcementId, before: { text: TEXT, until } }),
      expect.objectContaining({ action: 'announcement.set', target: announcementId, before: null, after: { text: TEXT, until } }),
    ]);
  });

  it('leaves the streams by itself when it expires', async () => {
    const queue = await follow<QueueSnapshot>('/api/live/queue');
    const until = new Date(Date.now() + 1500).toISOString();
    await w.staff('setAnnouncement', { text: TEXT, until });
    await queue((d) => d.announcement?.text === TEXT);
    // No write happens at expiry: the server refreshes the streams at `until` on its own.
    expect((await queue((d) => d.announcement === null)).announcement).toBeNull();
    const preview = await callFn(w.server.url, 'previewAnnouncementSend', {}, { cookie: w.cookie });
    expect(preview.body).toEqual({ error: { status: 'FAILED_PRECONDITION', message: '掲示中のお知らせがありません。' } });
  });

  it('refuses bad text, bad expiry and patients, changing nothing', async () => {
    const patient = await pwaPatient(w.server.url);
    const bad: unknown[] = [
      { text: '', until: null },
      { text: '   ', until: null },
      { text: 'あ'.repeat(201), until: null },
      { text: '一行目\n二行目', until: null },
      { text: TEXT, until: new Date(Date.now() - 60_000).toISOString() },
      { text: TEXT, until: new Date(Date.now() + 8 * 86_400_000).toISOString() },
      { text: TEXT, until: 'tomorrow' },
      { text: TEXT },
    ];
    for (const data of bad) {
      const answer = await callFn(w.server.url, 'setAnnouncement', data, { cookie: w.cookie });
      expect(answer.body, JSON.stringify(data)).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
    }
    expect(await mustCall(w.server.url, 'setAnnouncement', { text: 'あ'.repeat(200), until: null }, { cookie: w.cookie })).toMatchObject({ ok: true });
    await w.staff('clearAnnouncement');
    for (const name of ['setAnnouncement', 'clearAnnouncement', 'previewAnnouncementSend', 'sendAnnouncement']) {
      const data = name === 'setAnnouncement' ? { text: TEXT, until: null } : name === 'sendAnnouncement' ? { announcementId: 'x', lineMessages: 0 } : {};
      const answer = await callFn(w.server.url, name, data, { token: patient.token });
      expect(answer.body, name).toMatchObject({ error: { status: 'PERMISSION_DENIED' } });
      expect((await callFn(w.server.url, name, data)).body, name).toMatchObject({ error: { status: 'UNAUTHENTICATED' } });
    }
    const runtime = await w.server.store.db.selectFrom('runtime').selectAll().executeTakeFirstOrThrow();
    expect(runtime.announcement_id).toBeNull();
    expect((await audit()).map((e) => e.action)).toEqual(['announcement.clear', 'announcement.set']);
  });

  it('sends once to every waiting LINE and PWA patient, exactly the LINE count previewed', async () => {
    const walkIns = [];
    for (let i = 0; i < 12; i++) walkIns.push(await w.walkIn());
    const lines = [await w.linePatient(1), await w.linePatient(2), await w.linePatient(3), await w.linePatient(4)];
    const pwa = await w.pwaPatient();
    await mustCall(w.server.url, 'saveSafariSubscription', { subscription: w.push.subscribe() }, { token: pwa.token });
    const silent = await w.pwaPatient(false); // no subscription: cannot be reached
    await mustCall(w.server.url, 'cancelReservation', { slotId: lines[1].slot.slotId, reservationNumber: lines[1].slot.reservationNumber, canceledBy: 'LINE' }, { token: lines[1].token });
    await w.staff('markSlot', { slotId: lines[2].slot.slotId, action: 'start' }); // started: no longer waiting
    await w.staff('markSlot', { slotId: lines[3].slot.slotId, action: 'hold' }); // held: still expected back
    await eventually(() => outboxSettled(w.server), 'outbox settled');
    const before = { line: w.line.requests.length, push: w.push.received.length };
    expect(silent.slot.reservationNumber).toBeGreaterThan(0);

    const { announcementId } = await w.staff<{ announcementId: string }>('setAnnouncement', { text: TEXT, until: null });
    w.line.quota = { type: 'limited', value: 200, totalUsage: 17 };
    const preview = await w.staff<AnnouncementSendPreview>('previewAnnouncementSend');
    expect(preview).toEqual({
      announcementId,
      patients: 4, // lines[0], lines[3] (held), pwa, silent
      lineMessages: 2,
      pushMessages: 2,
      unreachable: 1,
      lineSentThisMonth: 0,
      lineQuota: { limit: 200, used: 17 },
      alreadySent: false,
    });

    // A count that is no longer true is refused: staff confirm again rather than spend more than they saw.
    const stale = await callFn(w.server.url, 'sendAnnouncement', { announcementId, lineMessages: 1 }, { cookie: w.cookie });
    expect(stale.body).toEqual({ error: { status: 'FAILED_PRECONDITION', message: '送信対象の人数が変わりました。もう一度確認してください。' } });
    expect(await w.staff('sendAnnouncement', { announcementId, lineMessages: preview.lineMessages })).toEqual({
      ok: true, lineMessages: 2, pushMessages: 2,
    });
    await eventually(() => w.line.delivered.length === before.line + 2 && w.push.received.length === before.push + 2, 'all sent');
    await eventually(() => outboxSettled(w.server), 'outbox settled');
    const sentLine = w.line.requests.slice(before.line);
    expect(sentLine.map((r) => r.to).sort()).toEqual([lines[0].userId, lines[3].userId].sort());
    expect(sentLine.every((r) => r.text === `【さくらクリニック】お知らせ\u3000${TEXT}`)).toBe(true);
    expect(w.push.received.slice(before.push).map((p) => p.payload.body)).toEqual([`【さくらクリニック】お知らせ\u3000${TEXT}`, `【さくらクリニック】お知らせ\u3000${TEXT}`]);

    const again = await callFn(w.server.url, 'sendAnnouncement', { announcementId, lineMessages: 2 }, { cookie: w.cookie });
    expect(again.body).toEqual({ error: { status: 'FAILED_PRECONDITION', message: 'このお知らせは送信済みです。' } });
    expect((await w.staff<AnnouncementSendPreview>('previewAnnouncementSend')).alreadySent).toBe(true);
    expect(w.line.requests).toHaveLength(before.line + 2);
    const sendEntry = (await audit()).find((e) => e.action === 'announcement.send');
    expect(sendEntry).toMatchObject({ target: announcementId, after: { text: TEXT, lineMessages: 2, pushMessages: 2 } });
  });

  it('refuses to send more LINE messages than LINE’s monthly quota has left, and a replaced announcement', async () => {
    await w.linePatient(1);
    await w.linePatient(2);
    await eventually(() => outboxSettled(w.server), 'outbox settled');
    const sentBefore = w.line.requests.length;
    const first = await w.staff<{ announcementId: string }>('setAnnouncement', { text: TEXT, until: null });
    w.line.quota = { type: 'limited', value: 200, totalUsage: 199 };
    const over = await callFn(w.server.url, 'sendAnnouncement', { announcementId: first.announcementId, lineMessages: 2 }, { cookie: w.cookie });
    expect(over.body).toEqual({ error: { status: 'FAILED_PRECONDITION', message: 'LINEの今月の残り送信数（1通）では2通を送信できません。' } });
    w.line.quota = { type: 'limited', value: 200, totalUsage: 0 };
    await w.staff('setAnnouncement', { text: '本日は午後休診です', until: null });
    const replaced = await callFn(w.server.url, 'sendAnnouncement', { announcementId: first.announcementId, lineMessages: 2 }, { cookie: w.cookie });
    expect(replaced.body).toMatchObject({ error: { status: 'FAILED_PRECONDITION', message: 'お知らせが変更されました。もう一度確認してください。' } });
    const outbox = await w.server.store.db.selectFrom('outbox').select('id').where('kind', '=', 'announcement').execute();
    expect(outbox).toEqual([]);
    expect(w.line.requests).toHaveLength(sentBefore);
  });
});
