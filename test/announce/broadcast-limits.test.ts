/**
 * Sending the announcement to everyone cannot crowd out what is urgent (issue 33, docs/decisions/045): a
 * cooldown and a daily cap bound how often staff may send; LINE messages still queued count against the
 * month's quota; a quota LINE does not answer refuses the send instead of sending blind.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { callFn } from '../support/client.js';
import { describeStores } from '../support/stores.js';
import { eventually, outboxSettled } from '../notify/support.js';
import type { AuditEntry } from '../../src/shared/schemas/functions.js';
import { startWorld, type World } from './world.js';

describeStores('limits on sending the announcement to everyone', (kind) => {
  let w: World | undefined;
  afterEach(async () => {
    await w?.close();
    w = undefined;
  });

  async function world(env: Record<string, string> = {}) {
    w = await startWorld(kind, env);
    await w.linePatient(1);
    await eventually(() => outboxSettled(w!.server), 'the turn-is-near notice sent');
    return w;
  }
  /** Posts a new announcement and asks to send it with the LINE count staff would see (one patient). */
  async function postAndSend(w: World, text: string) {
    const { announcementId } = await w.staff<{ announcementId: string }>('setAnnouncement', { text, until: null });
    return callFn(w.server.url, 'sendAnnouncement', { announcementId, lineMessages: 1 }, { cookie: w.cookie });
  }
  const announcementRows = (w: World) => w.server.store.db.selectFrom('outbox').select('body').where('kind', '=', 'announcement').execute();
  const sends = async (w: World) =>
    (await w.staff<{ entries: AuditEntry[] }>('getAuditLog', {})).entries.filter((e) => e.action === 'announcement.send').length;

  it('refuses a second send inside the cooldown, whatever the announcement', async () => {
    const w = await world();
    expect((await postAndSend(w, '本日は混み合っています')).body).toEqual({ result: { ok: true, lineMessages: 1, pushMessages: 0 } });
    const again = await postAndSend(w, '本日は17時で受付を終了します');
    expect(again.status).toBe(429);
    expect(again.body).toEqual({ error: { status: 'RESOURCE_EXHAUSTED', message: 'お知らせの送信は15分に1回までです。あと15分お待ちください。' } });
    expect(await announcementRows(w)).toEqual([{ body: '本日は混み合っています' }]);
    expect(await sends(w)).toBe(1);
  });

  it('refuses past the day’s cap', async () => {
    const w = await world({ ANNOUNCEMENT_SEND_COOLDOWN_MINUTES: '0', ANNOUNCEMENT_SENDS_PER_DAY: '2' });
    for (const text of ['一回目', '二回目']) expect((await postAndSend(w, text)).body).toMatchObject({ result: { ok: true } });
    const third = await postAndSend(w, '三回目');
    expect(third.body).toEqual({ error: { status: 'RESOURCE_EXHAUSTED', message: 'お知らせの送信は1日2回までです。本日はもう送信できません。' } });
    expect((await announcementRows(w)).map((r) => r.body).sort()).toEqual(['一回目', '二回目']);
    expect(await sends(w)).toBe(2);
  });

  it('counts LINE messages still queued against what is left of the month’s quota', async () => {
    const w = await world();
    // Three LINE notices waiting for a retry: LINE has not counted them, but they will be sent.
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const now = new Date().toISOString();
    for (let i = 0; i < 3; i++) {
      await w.server.store.db
        .insertInto('outbox')
        .values({
          id: randomUUID(), kind: 'recall', channel: 'LINE', slot_id: `slot-${i}`, reservation_number: 90 + i, recipient: `U-queued-${i}`,
          endpoint: null, retry_key: randomUUID(), status: 'pending', attempts: 1, next_attempt_at: later, lease_until: null,
          last_error: 'HTTP 500', created_at: now, updated_at: now, sent_at: null, body: null,
        })
        .execute();
    }
    w.line.quota = { type: 'limited', value: 200, totalUsage: 197 };
    const over = await postAndSend(w, '本日は混み合っています');
    expect(over.body).toEqual({ error: { status: 'FAILED_PRECONDITION', message: 'LINEの今月の残り送信数（0通）では1通を送信できません。' } });
    w.line.quota = { type: 'limited', value: 200, totalUsage: 196 };
    expect((await postAndSend(w, '本日は混み合っています')).body).toMatchObject({ result: { ok: true, lineMessages: 1 } });
  });

  it('refuses when LINE’s quota cannot be read (an error, no answer, not an answer), sending nothing', async () => {
    const w = await world({ NOTIFY_SEND_TIMEOUT_MS: '1000' });
    const refusal = { error: { status: 'UNAVAILABLE', message: 'LINEの今月の残り送信数を確認できなかったため、送信しませんでした。しばらくしてからもう一度お試しください。' } };
    const sentBefore = w.line.requests.length;
    w.line.quotaAnswer = 500;
    expect((await postAndSend(w, '本日は混み合っています')).body).toEqual(refusal);
    w.line.quotaAnswer = 'hang';
    expect((await postAndSend(w, '本日は混み合っています')).body).toEqual(refusal);
    w.line.quotaAnswer = null;
    w.line.quota = { type: 'limited', totalUsage: 0 }; // a limited plan without its number: not an answer
    expect((await postAndSend(w, '本日は混み合っています')).body).toEqual(refusal);
    expect(await announcementRows(w)).toEqual([]);
    expect(await sends(w)).toBe(0);
    expect(w.line.requests).toHaveLength(sentBefore);
    w.line.quota = { type: 'limited', value: 200, totalUsage: 0 };
    expect((await postAndSend(w, '本日は混み合っています')).body).toMatchObject({ result: { ok: true, lineMessages: 1 } });
  });
});
