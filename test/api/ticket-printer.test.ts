/**
 * The ticket's network receipt printer (docs/decisions/074) over real HTTP on both stores, the printer a
 * fake at its HTTP edge (test/fakes/epos-printer.ts): staff set its address (a LAN address only, audited);
 * a desk print reaches the printer as ePOS-Print with the number and the ticket page's URL in its QR code,
 * and the token then stands; a printer that refuses, or never answers, gives the catalogue's error within
 * the timeout and changes nothing (no token, no audit line, the standing ticket still good), and the
 * browser's print still works; the kiosk's number is taken either way and its answer says the printer
 * failed. The token is in no log line.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { callFn, kioskCookie, mustCall, staffCookie } from '../support/client.js';
import { manualClock } from '../support/clock.js';
import { QUIET_SUNDAY, startTestServer, type TestServer } from '../support/server.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';
import { startFakeEposPrinter, type FakeEposPrinter } from '../fakes/epos-printer.js';
import { staffLabels } from '../../src/shared/labels/staff.js';
import { label } from '../../src/shared/labels/text.js';
import type { TicketPrint, TicketSettings } from '../../src/shared/schemas/ticket.js';

const ORIGIN = 'https://q.example.jp';
const TIMEOUT_MS = 1500;
const refusal = (status: number, code: string, message: string) => ({ status, body: { error: { status: code, message } } });

describeStores('the network receipt printer', (kind) => {
  let store: TestStore;
  let server: TestServer;
  let printer: FakeEposPrinter;
  let cookie: string;
  const logs: string[] = [];

  beforeEach(async () => {
    const clock = manualClock(QUIET_SUNDAY);
    store = await openTestStore(kind, { clock: clock.storeClock });
    printer = await startFakeEposPrinter();
    logs.length = 0;
    const env = { LOG_LEVEL: 'debug', CLINIC_NAME: 'さくら医院', PUBLIC_ORIGIN: ORIGIN, PRINTER_TIMEOUT_MS: String(TIMEOUT_MS) };
    server = await startTestServer({ store: store.store, clock, env, logStream: { write: (l) => void logs.push(l) } });
    cookie = await staffCookie(server.url, server.store);
    await mustCall(server.url, 'startInhouseReception', {}, { cookie });
  });
  afterEach(async () => {
    await server?.close();
    await printer?.close();
    await store?.cleanup();
  });

  const staff = <T>(name: string, data: unknown = {}) => mustCall<T>(server.url, name, data, { cookie });
  const call = (name: string, data: unknown) => callFn(server.url, name, data, { cookie });
  const walkIn = () => staff<{ slotId: string; reservationNumber: number }>('allocateNextSlot', { reservedType: 'ADMIN' });
  const setPrinter = (address: string) => staff('saveTicketSettings', { paper: '80', note: 'お呼びするまで外出できます', printer: address });
  const tokens = () => server.store.db.selectFrom('ticket_tokens').selectAll().execute();
  const auditActions = async () => (await server.store.db.selectFrom('audit_log').select('action').orderBy('id').execute()).map((r) => r.action);

  it('saves a LAN printer’s address, audited, and refuses one elsewhere without a change', async () => {
    expect(await staff<TicketSettings>('getTicketSettings')).toEqual({ paper: '80', note: '', printer: '' });
    await setPrinter(`${printer.url}/`);
    expect(await staff<TicketSettings>('getTicketSettings')).toEqual({ paper: '80', note: 'お呼びするまで外出できます', printer: printer.url });
    const before = await auditActions();
    expect(await call('saveTicketSettings', { paper: '58', note: '', printer: 'printer.example.com' })).toEqual(refusal(400, 'INVALID_ARGUMENT', label(staffLabels, 'ja', 'error.printerAddress')));
    expect(await staff<TicketSettings>('getTicketSettings')).toMatchObject({ paper: '80', printer: printer.url });
    expect(await auditActions()).toEqual(before);
    // Absent keeps the address (callers from before the printer); '' turns it off.
    await staff('saveTicketSettings', { paper: '58', note: '' });
    expect((await staff<TicketSettings>('getTicketSettings')).printer).toBe(printer.url);
    await setPrinter('');
    expect((await staff<TicketSettings>('getTicketSettings')).printer).toBe('');
  });

  it('sends a desk print to the printer: the number and the ticket page’s URL in its QR code, then the token stands', async () => {
    await setPrinter(printer.url);
    await walkIn();
    const desk = await walkIn();
    const printed = await staff<TicketPrint>('issueTicket', { slotId: desk.slotId });
    expect(printed).toMatchObject({ printer: 'sent', reservationNumber: 2, ahead: 1, reprint: false });
    expect(printer.printed).toHaveLength(1);
    const job = printer.printed[0]!;
    expect(job.texts).toEqual(expect.arrayContaining(['さくら医院\n', '2\n', '受付時の待ち人数 1人\n', 'お呼びするまで外出できます\n']));
    expect(job.qr).toBe(`${ORIGIN}/web/ticket#t=${printed.token}`);
    expect(job.cut).toBe(true);
    // The printer gives up on its mechanism before the server gives up on it.
    expect(job.printerTimeout).toBeLessThan(TIMEOUT_MS);
    expect((await callFn(server.url, 'getTicket', { ticket: printed.token })).status).toBe(200);
    expect(await auditActions()).toContain('ticket.issue');
    expect(logs.join('\n')).not.toContain(printed.token);
    // Without a printer set, the browser prints as before: nothing is sent.
    await setPrinter('');
    expect(await staff<TicketPrint>('issueTicket', { slotId: desk.slotId })).toMatchObject({ printer: 'off', reprint: true });
    expect(printer.jobs).toHaveLength(1);
  });

  it('a printer’s refusal is the catalogue’s error and changes nothing; the browser’s print still works', async () => {
    await setPrinter(printer.url);
    const desk = await walkIn();
    const first = await staff<TicketPrint>('issueTicket', { slotId: desk.slotId });
    const [rows, actions] = [await tokens(), await auditActions()];
    printer.script.push('EPTR_REC_EMPTY');
    const refused = await call('issueTicket', { slotId: desk.slotId });
    expect(refused).toEqual(refusal(503, 'UNAVAILABLE', label(staffLabels, 'ja', 'error.printerRefused', { cause: '用紙切れ、EPTR_REC_EMPTY' })));
    expect(printer.jobs.at(-1)!.answered).toBe('EPTR_REC_EMPTY');
    expect(await tokens()).toEqual(rows);
    expect(await auditActions()).toEqual(actions);
    // The ticket printed before stands: the failed reprint revoked nothing.
    expect((await callFn(server.url, 'getTicket', { ticket: first.token })).status).toBe(200);
    // The desk's fallback: the browser prints, and the printer is not asked again.
    const jobs = printer.jobs.length;
    expect(await staff<TicketPrint>('issueTicket', { slotId: desk.slotId, browser: true })).toMatchObject({ printer: 'off', reprint: true });
    expect(printer.jobs).toHaveLength(jobs);
  });

  it('a printer that never answers gives the timeout’s error within the timeout, the request aborted, nothing changed', async () => {
    await setPrinter(printer.url);
    const desk = await walkIn();
    const actions = await auditActions();
    printer.script.push('hang');
    const started = Date.now();
    const refused = await call('issueTicket', { slotId: desk.slotId });
    const took = Date.now() - started;
    expect(refused).toEqual(refusal(503, 'UNAVAILABLE', label(staffLabels, 'ja', 'error.printerNoAnswer', { seconds: 2 })));
    expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(took).toBeLessThan(TIMEOUT_MS + 1500);
    await new Promise((r) => setTimeout(r, 100));
    expect(printer.jobs.at(-1)).toMatchObject({ answered: 'hang', closed: true });
    expect(await tokens()).toEqual([]);
    expect(await auditActions()).toEqual(actions);
  });

  it('past two sends at once, a print is not tried and says the printer is busy', async () => {
    await setPrinter(printer.url);
    const [a, b, c] = [await walkIn(), await walkIn(), await walkIn()];
    printer.script.push('hang', 'hang');
    const waiting = [a, b].map((d) => call('issueTicket', { slotId: d.slotId }));
    while (printer.jobs.length < 2) await new Promise((r) => setTimeout(r, 20));
    const started = Date.now();
    expect(await call('issueTicket', { slotId: c.slotId })).toEqual(refusal(503, 'UNAVAILABLE', label(staffLabels, 'ja', 'error.printerBusy')));
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS / 2);
    expect(printer.jobs).toHaveLength(2);
    for (const answer of await Promise.all(waiting)) expect(answer.status).toBe(503);
    // Once those two are over, the printer is asked again.
    expect(await staff<TicketPrint>('issueTicket', { slotId: c.slotId })).toMatchObject({ printer: 'sent' });
  });

  it('an unreachable printer is its own error', async () => {
    const address = printer.url;
    await printer.close();
    await setPrinter(address);
    const desk = await walkIn();
    expect(await call('issueTicket', { slotId: desk.slotId })).toEqual(refusal(503, 'UNAVAILABLE', label(staffLabels, 'ja', 'error.printerUnreachable')));
    expect(await tokens()).toEqual([]);
  });

  it('the kiosk’s number is taken whether the printer prints or not; a refusal says failed and its ticket stands', async () => {
    await setPrinter(printer.url);
    const kiosk = await kioskCookie(server.url, server.store);
    const take = () => mustCall<TicketPrint>(server.url, 'takeKioskNumber', {}, { cookie: kiosk.cookie });
    const sent = await take();
    expect(sent).toMatchObject({ printer: 'sent', reservationNumber: 1 });
    expect(printer.printed.at(-1)!.qr).toBe(`${ORIGIN}/web/ticket#t=${sent.token}`);
    printer.script.push('EPTR_COVER_OPEN');
    const failed = await take();
    expect(failed).toMatchObject({ printer: 'failed', reservationNumber: 2, reprint: false });
    expect((await callFn(server.url, 'getTicket', { ticket: failed.token })).status).toBe(200);
    expect(logs.join('\n')).toContain('error.printerRefused');
    for (const token of [sent.token, failed.token]) expect(logs.join('\n')).not.toContain(token);
  });
});
