/**
 * SMS through Twilio's Messages API (decision 070), our real sender against a local fake Twilio: accepted
 * (201) is sent, 5xx/429 retried and 4xx given up like the other channels, a Twilio that never answers is
 * aborted by the timeout (the fake sees its connection closed); and through a real server: a walk-in given a
 * mobile at the desk is told the turn is near and recalled by SMS once each, the month's count and cost reach
 * /admin/messages, and the number is in no log line, outbox row or failure reason.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { smsSender } from '../../src/server/notify/sms-sender.js';
import type { MessagingStatus } from '../../src/shared/schemas/answers.js';
import { callFn, mustCall, staffCookie } from '../support/client.js';
import { startFakeTwilio, type FakeTwilio } from '../fakes/twilio.js';
import { eventually, type NotifyWorld, openReception, outboxSettled, startNotifyWorld } from './support.js';

const TIMEOUT_MS = 300;
const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'f'.repeat(32);
const account = { accountSid: SID, authToken: TOKEN, from: '+15005550006' };

describe('the SMS sender', () => {
  let twilio: FakeTwilio;
  beforeEach(async () => {
    twilio = await startFakeTwilio();
  });
  afterEach(async () => twilio.close());
  // Answers that come are given ample time (a busy test machine's first request can take 300 ms); the
  // never-answering one is cut at TIMEOUT_MS.
  const send = (timeoutMs = 10_000) => smsSender({ baseUrl: twilio.url, timeoutMs }).send(account, '+819012345678', 'こんにちは');

  it('posts To/From/Body form-encoded with Basic SID:token and counts 201 as sent, with the message id', async () => {
    twilio.createPrice = '-0.07500';
    const { result, accepted } = await send();
    expect(result).toEqual({ kind: 'sent' });
    expect(twilio.requests[0]).toMatchObject({ accountSid: SID, credentials: `${SID}:${TOKEN}`, to: '+819012345678', from: '+15005550006', body: 'こんにちは' });
    expect(accepted).toEqual({ sid: twilio.delivered[0].sid, price: '-0.07500', priceUnit: 'USD' });
  });

  it.each([
    [500, 'retry'],
    [503, 'retry'],
    [429, 'retry'],
    [400, 'fail'],
    [401, 'fail'],
  ] as const)('answered %i is %s, with Twilio\'s code and never its message (which quotes the number)', async (status, kind) => {
    twilio.script.push(status);
    const { result, accepted } = await send();
    expect(result.kind).toBe(kind);
    expect(accepted).toBeUndefined();
    expect('reason' in result && result.reason).toContain(`HTTP ${status}`);
    expect(JSON.stringify(result)).not.toContain('9012345678');
  });

  it('aborts a Twilio that never answers at the timeout: the fake sees the connection closed, and it is retried', async () => {
    twilio.script.push('hang');
    const started = Date.now();
    const { result } = await send(TIMEOUT_MS);
    expect(result).toEqual({ kind: 'retry', reason: expect.stringContaining('timed out') });
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 10);
    await eventually(() => twilio.requests[0]?.closed, 'the request connection closed');
  });
});

describe('SMS notices through the server', () => {
  let world: NotifyWorld;
  let twilio: FakeTwilio;
  let cookie: string;
  const logs: string[] = [];
  const url = () => world.server.url;
  type Slot = { slotId: string; reservationNumber: number };
  const walkIn = (phone?: string) => mustCall<Slot>(url(), 'allocateNextSlot', { reservedType: 'ADMIN', ...(phone ? { phone } : {}) }, { cookie });
  const start = (slot: Slot) => mustCall(url(), 'markSlot', { slotId: slot.slotId, action: 'start' }, { cookie });

  beforeEach(async () => {
    twilio = await startFakeTwilio();
    logs.length = 0;
    const logStream = { write: (line: string) => void logs.push(line) };
    world = await startNotifyWorld({ SMS_API_BASE_URL: twilio.url, LOG_LEVEL: 'info' }, logStream);
    cookie = await staffCookie(url(), world.server.store);
    await openReception(world.server, cookie);
  });
  afterEach(async () => {
    await world.close();
    await twilio.close();
  });

  it('refuses a phone while SMS is off, taking no number; once on, tells the turn and the recall by SMS once each', async () => {
    const off = await callFn(url(), 'allocateNextSlot', { reservedType: 'ADMIN', phone: '090-1234-5678' }, { cookie });
    expect(off.body).toMatchObject({ error: { status: 'FAILED_PRECONDITION' } });
    await mustCall(url(), 'saveSmsSettings', { on: true, accountSid: SID, authToken: TOKEN, from: '+15005550006' }, { cookie });
    const bad = await callFn(url(), 'allocateNextSlot', { reservedType: 'ADMIN', phone: '03-1234-5678' }, { cookie });
    expect(bad.body).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
    const taken = await world.server.store.db.selectFrom('reservation_slots').select('id').where('is_reserved', '=', 1).execute();
    expect(taken).toEqual([]);

    const ahead = [];
    for (let i = 0; i < 6; i++) ahead.push(await walkIn());
    const patient = await walkIn('０９０－１２３４－５６７８'); // 6 ahead
    twilio.script.push(500); // the first try fails: retried like the other channels
    await start(ahead[0]); // 5 ahead
    const sms = await eventually(() => twilio.delivered[0], 'an SMS');
    expect(sms.to).toBe('+819012345678');
    expect(sms.body).toBe(`【さくらクリニック】${patient.reservationNumber}番の方\u3000順番が近づきました（前の方5人以内）。ご来院ください。`);
    expect(twilio.requests.map((r) => r.answered)).toEqual([500, 201]);
    await start(ahead[1]); // 4 ahead: told once only
    await mustCall(url(), 'sendReservationMessageBySlot', { slotId: patient.slotId, kind: 'recall' }, { cookie });
    await eventually(() => twilio.delivered[1], 'the recall');
    expect(twilio.delivered[1].body).toContain('順番です');
    await eventually(() => outboxSettled(world.server), 'outbox settled');
    expect(twilio.delivered).toHaveLength(2);

    // The month on /admin/messages: two sent, priced when Twilio reports it (read from the message later).
    twilio.laterPrice = '-0.07500';
    await world.server.store.db.updateTable('sms_usage').set({ sent_at: new Date(Date.now() - 120_000).toISOString() }).execute();
    const status = await mustCall<MessagingStatus>(url(), 'getMessagingStatus', {}, { cookie });
    expect(status.sms).toEqual({
      settings: { on: true, accountSid: SID, from: '+15005550006', tokenSaved: true },
      sent: 2,
      cost: [{ unit: 'USD', amount: '0.1500' }],
      unpriced: 0,
    });
    expect(twilio.priceReads).toBe(2);

    // Served: the number is gone; it was never in a log line, an outbox row or an audit line in clear.
    await start(patient);
    expect(await world.server.store.db.selectFrom('sms_numbers').selectAll().execute()).toEqual([]);
    const rows = JSON.stringify(await world.server.store.db.selectFrom('outbox').selectAll().execute());
    const audit = JSON.stringify(await world.server.store.db.selectFrom('audit_log').selectAll().execute());
    expect(logs.length).toBeGreaterThan(0);
    for (const text of [rows, audit, logs.join('')]) expect(text).not.toMatch(/9012345678|1234-5678|１２３４/);
    expect(logs.join('')).not.toContain(TOKEN);
  });

  it('gives up on a 4xx at once and records the failure without the number', async () => {
    await mustCall(url(), 'saveSmsSettings', { on: true, accountSid: SID, authToken: TOKEN, from: '+15005550006' }, { cookie });
    for (let i = 0; i < 6; i++) await walkIn(); // 6 ahead: not near yet
    const patient = await walkIn('09012345678');
    twilio.script.push(400);
    await mustCall(url(), 'sendReservationMessageBySlot', { slotId: patient.slotId, kind: 'recall' }, { cookie });
    await eventually(() => outboxSettled(world.server), 'outbox settled');
    const [row] = await world.server.store.db.selectFrom('outbox').selectAll().execute();
    expect(row).toMatchObject({ channel: 'SMS', status: 'failed', attempts: 1 });
    expect(row.last_error).toContain('Twilio error 21211');
    expect(row.last_error).not.toContain('9012345678');
    expect(twilio.requests).toHaveLength(1);
  });
});
