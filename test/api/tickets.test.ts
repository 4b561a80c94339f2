/**
 * The printed ticket of a desk number (docs/decisions/068) over real HTTP on both stores: staff print it;
 * with the ticket's token alone (no sign-in) its holder reads the number's place, checks in with the desk's
 * code and gives the number up; a reprint's old token, a mistyped one and one of a session that is over are
 * refused with the catalogue's 「この受付票は使えません」; and the token is in no log line, no stream frame and
 * no audit line.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { callFn, mustCall, pwaPatient, staffCookie } from '../support/client.js';
import { manualClock } from '../support/clock.js';
import { QUIET_SUNDAY, startTestServer, type TestServer } from '../support/server.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';
import { openSse, type SseReader } from '../support/sse.js';
import { staffLabels } from '../../src/shared/labels/staff.js';
import { label } from '../../src/shared/labels/text.js';
import type { ArrivalSetup } from '../../src/shared/schemas/functions.js';
import type { TicketPrint, TicketView } from '../../src/shared/schemas/ticket.js';

const unusable = { error: { status: 'NOT_FOUND', message: label(staffLabels, 'ja', 'error.ticketUnusable') } };

describeStores('the printed ticket', (kind) => {
  let store: TestStore;
  let server: TestServer;
  let cookie: string;
  const logs: string[] = [];
  const frames: string[] = [];
  let streams: SseReader[] = [];

  beforeEach(async () => {
    const clock = manualClock(QUIET_SUNDAY);
    store = await openTestStore(kind, { clock: clock.storeClock });
    logs.length = 0;
    server = await startTestServer({ store: store.store, clock, env: { LOG_LEVEL: 'debug', CLINIC_NAME: 'さくら医院' }, logStream: { write: (l) => void logs.push(l) } });
    cookie = await staffCookie(server.url, server.store);
    await mustCall(server.url, 'startInhouseReception', {}, { cookie });
  });
  afterEach(async () => {
    for (const s of streams) s.close();
    streams = [];
    await server?.close();
    await store?.cleanup();
  });

  const staff = <T>(name: string, data: unknown = {}) => mustCall<T>(server.url, name, data, { cookie });
  const walkIn = () => staff<{ slotId: string; reservationNumber: number }>('allocateNextSlot', { reservedType: 'ADMIN' });
  const ticket = (name: string, data: unknown) => callFn(server.url, name, data);
  /** Every frame of both streams from now on, kept to look for the token in. */
  async function follow() {
    for (const path of ['/api/live/queue', '/api/live/admin']) {
      const reader = await openSse(`${server.url}${path}`, { cookie });
      streams.push(reader);
      void (async () => {
        try {
          for (;;) frames.push(JSON.stringify(await reader.next(undefined, 60_000)));
        } catch {
          // closed
        }
      })();
    }
  }

  it('prints, reads, checks in and gives up by the token alone; the token goes nowhere else', async () => {
    await follow();
    await walkIn();
    const desk = await walkIn();
    const printed = await staff<TicketPrint>('issueTicket', { slotId: desk.slotId });
    expect(printed).toMatchObject({ clinicName: 'さくら医院', reservationNumber: 2, ahead: 1, reprint: false, paper: '80' });

    const read = await ticket('getTicket', { ticket: printed.token });
    expect(read.status).toBe(200);
    const view = (read.body as { result: TicketView }).result;
    expect(view).toMatchObject({ clinicName: 'さくら医院', state: 'waiting', reservation: { slotId: desk.slotId, reservationNumber: 2, ahead: 1, arrivedAt: null } });

    const { deskCode } = await staff<ArrivalSetup>('getArrivalSetup');
    expect((await ticket('checkInByTicket', { ticket: printed.token, code: '0000' === deskCode ? '0001' : '0000' })).status).toBe(400);
    const arrived = await ticket('checkInByTicket', { ticket: printed.token, code: deskCode });
    expect(arrived.body).toEqual({ result: { ok: true, arrivedAt: expect.any(String) } });
    expect(await server.store.db.selectFrom('reservation_slots').select(['arrived_by']).where('id', '=', desk.slotId).executeTakeFirst()).toEqual({ arrived_by: 'patient' });

    expect((await ticket('cancelByTicket', { ticket: printed.token, reservationNumber: 2 })).body).toEqual({ result: { ok: true } });
    expect((await ticket('getTicket', { ticket: printed.token })).body).toEqual({ result: { clinicName: 'さくら医院', state: 'canceled', reservation: null } });
    const audit = await staff<{ entries: { username: string; action: string }[] }>('getAuditLog', {});
    expect(audit.entries.map((e) => [e.username, e.action]).slice(0, 2)).toEqual([['受付票', 'ticket.cancel'], [expect.any(String), 'ticket.issue']]);

    // Let the streams catch up with the cancellation, then look for the token everywhere.
    await new Promise((r) => setTimeout(r, 300));
    expect(frames.length).toBeGreaterThan(2);
    expect(logs.length).toBeGreaterThan(5);
    for (const text of [frames.join('\n'), logs.join('\n'), JSON.stringify(audit)]) expect(text).not.toContain(printed.token);
  });

  it('refuses a reprint’s old token, a made-up one and one whose session is over, with the catalogue’s words', async () => {
    const desk = await walkIn();
    const first = await staff<TicketPrint>('issueTicket', { slotId: desk.slotId });
    const second = await staff<TicketPrint>('issueTicket', { slotId: desk.slotId });
    expect(second.reprint).toBe(true);
    expect(second.token).not.toBe(first.token);
    for (const name of ['getTicket', 'cancelByTicket', 'checkInByTicket']) {
      const answer = await ticket(name, { ticket: first.token, ...(name === 'cancelByTicket' ? { reservationNumber: 1 } : name === 'checkInByTicket' ? { code: '1234' } : {}) });
      expect(answer).toEqual({ status: 404, body: unusable });
    }
    expect(await ticket('getTicket', { ticket: 'A'.repeat(43) })).toEqual({ status: 404, body: unusable });
    // Not a token's shape at all: the payload is malformed.
    expect((await ticket('getTicket', { ticket: desk.slotId })).status).toBe(400);
    expect((await ticket('getTicket', { ticket: second.token })).status).toBe(200);

    await staff('markSlot', { slotId: desk.slotId, action: 'start' });
    await staff('endInhouseReception');
    expect(await ticket('getTicket', { ticket: second.token })).toEqual({ status: 404, body: unusable });
  });

  it('prints only desk numbers, for staff only', async () => {
    const desk = await walkIn();
    expect((await ticket('issueTicket', { slotId: desk.slotId })).status).toBe(401);
    await mustCall(server.url, 'startOnlineReception', {}, { cookie });
    const who = await pwaPatient(server.url);
    const app = await mustCall<{ slotId: string }>(server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: who.token });
    const refused = await callFn(server.url, 'issueTicket', { slotId: app.slotId }, { cookie });
    expect(refused).toEqual({ status: 400, body: { error: { status: 'FAILED_PRECONDITION', message: label(staffLabels, 'ja', 'error.ticketDeskOnly') } } });
  });
});
