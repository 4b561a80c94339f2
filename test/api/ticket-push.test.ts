/**
 * Web Push on the printed ticket's page (docs/decisions/073) over real HTTP on both stores, with the fake
 * push service at its HTTP edge: the page subscribes with the ticket's token alone; the turn-is-near notice
 * and the recall reach that subscription once each, leading to /web/ticket; a token that does not stand is
 * refused as getTicket refuses it; a reprint ends the subscription; a push service's 410 drops it; an address
 * past its budget of new subscriptions is refused and changes nothing. And the statistics count tickets
 * printed and ticket pages opened.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { callFn, mustCall, staffCookie } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';
import { startFakePushService, type FakePushService } from '../fakes/push-service.js';
import { eventually, outboxSettled } from '../notify/support.js';
import { staffLabels } from '../../src/shared/labels/staff.js';
import { label } from '../../src/shared/labels/text.js';
import type { TicketPrint } from '../../src/shared/schemas/ticket.js';
import type { StatsResult } from '../../src/shared/schemas/stats.js';
import { tokyoDay } from '../../src/shared/time/tokyo.js';

const unusable = { error: { status: 'NOT_FOUND', message: label(staffLabels, 'ja', 'error.ticketUnusable') } };

describeStores('web push on the ticket page', (kind) => {
  let store: TestStore;
  let server: TestServer;
  let push: FakePushService;
  let cookie: string;

  beforeEach(async () => {
    store = await openTestStore(kind);
    push = await startFakePushService();
    server = await startTestServer({
      store: store.store,
      env: { CLINIC_NAME: 'さくら医院', VAPID_SUBJECT: 'mailto:it@clinic.example', PUSH_ALLOWED_HOSTS: push.allowedHost, NOTIFY_RETRY_BASE_MS: '20', NOTIFY_POLL_MS: '50', RATE_LIMIT_PATIENT_CHANGES_PER_HOUR: '2' },
    });
    cookie = await staffCookie(server.url, server.store);
    await mustCall(server.url, 'startInhouseReception', {}, { cookie });
  });
  afterEach(async () => {
    await server?.close();
    await push?.close();
    await store?.cleanup();
  });

  const staff = <T>(name: string, data: unknown = {}) => mustCall<T>(server.url, name, data, { cookie });
  const walkIn = () => staff<{ slotId: string; reservationNumber: number }>('allocateNextSlot', { reservedType: 'ADMIN' });
  const start = (slotId: string) => staff('markSlot', { slotId, action: 'start' });

  it('the turn-is-near notice and the recall reach the ticket page’s subscription once each', async () => {
    const ahead = [];
    for (let i = 0; i < 7; i++) ahead.push(await walkIn());
    const desk = await walkIn();
    const printed = await staff<TicketPrint>('issueTicket', { slotId: desk.slotId });
    const browser = push.subscribe();
    // No sign-in: the token in the payload is the credential.
    expect(await callFn(server.url, 'subscribeTicketPush', { ticket: printed.token, subscription: { ...browser, expirationTime: null } })).toEqual({ status: 200, body: { result: { ok: true } } });
    await start(ahead[0].slotId);
    expect(push.received).toEqual([]);
    await start(ahead[1].slotId); // 5 ahead now: the default threshold
    await eventually(() => push.received.length === 1, 'the turn-is-near push');
    expect(push.received[0].payload).toEqual({ title: 'さくら医院', body: expect.stringContaining('8'), link: '/web/ticket' });
    await start(ahead[2].slotId);
    await staff('sendReservationMessageBySlot', { slotId: desk.slotId, kind: 'recall' });
    await eventually(() => push.received.length === 2, 'the recall push');
    await eventually(() => outboxSettled(server), 'the outbox settled');
    await start(ahead[3].slotId);
    await new Promise((r) => setTimeout(r, 300));
    expect(push.received.map((p) => p.payload.link)).toEqual(['/web/ticket', '/web/ticket']);
    const rows = await server.store.db.selectFrom('outbox').select(['kind', 'channel', 'status', 'recipient']).orderBy('created_at').execute();
    expect(rows).toEqual([
      { kind: 'ahead5', channel: 'PWA', status: 'sent', recipient: desk.slotId },
      { kind: 'recall', channel: 'PWA', status: 'sent', recipient: desk.slotId },
    ]);
    // The outbox names the number, never the ticket's token.
    expect(JSON.stringify(await server.store.db.selectFrom('outbox').selectAll().execute())).not.toContain(printed.token);
  });

  it('refuses a token that does not stand as getTicket does, and a push service not allowed', async () => {
    const desk = await walkIn();
    const first = await staff<TicketPrint>('issueTicket', { slotId: desk.slotId });
    const browser = { ...push.subscribe(), expirationTime: null };
    await mustCall(server.url, 'subscribeTicketPush', { ticket: first.token, subscription: browser });
    expect(await server.store.db.selectFrom('ticket_push').select('slot_id').execute()).toEqual([{ slot_id: desk.slotId }]);
    // A reprint revokes the ticket and its subscription with it.
    const second = await staff<TicketPrint>('issueTicket', { slotId: desk.slotId });
    expect(await server.store.db.selectFrom('ticket_push').select('slot_id').execute()).toEqual([]);
    expect(await callFn(server.url, 'subscribeTicketPush', { ticket: first.token, subscription: browser })).toEqual({ status: 404, body: unusable });
    expect(await callFn(server.url, 'subscribeTicketPush', { ticket: 'A'.repeat(43), subscription: browser })).toEqual({ status: 404, body: unusable });
    const elsewhere = await callFn(server.url, 'subscribeTicketPush', { ticket: second.token, subscription: { ...browser, endpoint: 'https://push.evil.example/x' } });
    expect(elsewhere).toMatchObject({ status: 400, body: { error: { status: 'INVALID_ARGUMENT' } } });
    expect(await server.store.db.selectFrom('ticket_push').select('slot_id').execute()).toEqual([]);
  });

  it('refuses an address past its budget of new subscriptions with the catalogue’s words, changing nothing', async () => {
    const [a, b] = [await walkIn(), await walkIn()];
    const [ta, tb] = [(await staff<TicketPrint>('issueTicket', { slotId: a.slotId })).token, (await staff<TicketPrint>('issueTicket', { slotId: b.slotId })).token];
    const subscribe = (ticket: string, browser = push.subscribe()) => callFn(server.url, 'subscribeTicketPush', { ticket, subscription: { ...browser, expirationTime: null } });
    const first = push.subscribe();
    expect((await subscribe(ta, first)).status).toBe(200);
    // The page saves on every open: unchanged, it spends nothing.
    for (let i = 0; i < 3; i++) expect((await subscribe(ta, first)).status).toBe(200);
    expect((await subscribe(tb)).status).toBe(200);
    const before = await server.store.db.selectFrom('ticket_push').selectAll().orderBy('endpoint').execute();
    const refused = await subscribe(ta);
    expect(refused).toEqual({ status: 429, body: { error: { status: 'RESOURCE_EXHAUSTED', message: label(staffLabels, 'ja', 'error.rateLimitedChanges') } } });
    expect(await server.store.db.selectFrom('ticket_push').selectAll().orderBy('endpoint').execute()).toEqual(before);
  });

  it('a push service’s 410 drops the ticket page’s subscription', async () => {
    const ahead = [await walkIn()];
    const desk = await walkIn();
    const printed = await staff<TicketPrint>('issueTicket', { slotId: desk.slotId });
    await mustCall(server.url, 'subscribeTicketPush', { ticket: printed.token, subscription: { ...push.subscribe(), expirationTime: null } });
    push.script.push(410);
    await start(ahead[0].slotId);
    await eventually(() => outboxSettled(server), 'the outbox settled');
    expect(await server.store.db.selectFrom('ticket_push').selectAll().execute()).toEqual([]);
  });

  it('the statistics count tickets printed (reprints included) and ticket pages opened (each ticket’s first open)', async () => {
    const desk = await walkIn();
    const other = await walkIn();
    const first = await staff<TicketPrint>('issueTicket', { slotId: desk.slotId });
    const second = await staff<TicketPrint>('issueTicket', { slotId: desk.slotId });
    const third = await staff<TicketPrint>('issueTicket', { slotId: other.slotId });
    for (let i = 0; i < 3; i++) await mustCall(server.url, 'getTicket', { ticket: second.token });
    await mustCall(server.url, 'getTicket', { ticket: third.token });
    expect((await callFn(server.url, 'getTicket', { ticket: first.token })).status).toBe(404);
    const stats = await staff<StatsResult>('getStats', { period: 'day', date: tokyoDay(new Date()) });
    expect(stats.current.tickets).toEqual({ printed: 3, opened: 2 });
    expect(stats.previous.tickets).toEqual({ printed: 0, opened: 0 });
  });
});
