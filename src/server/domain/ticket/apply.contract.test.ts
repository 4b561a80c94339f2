/**
 * The printed ticket over each real store (no fakes): a token is issued for a desk number and stored only as
 * its digest; a reprint revokes the one before; a token is refused once its session is over; the holder's
 * cancellation is one write with its event and an audit line naming the ticket — and the token is in none
 * of the audit trail, the events, the outbox or a backup.
 */
import { expect, it } from 'vitest';
import { describeStores } from '../../../../test/support/stores.js';
import { auditLines, watchWrites } from '../../../../test/support/writes.js';
import { outcomeWithKey, queueActions, useTestStore } from '../../../../test/support/domain-store.js';
import { writeBackup } from '../../ops/backup.js';
import type { Actor } from '../audit.js';
import { cancelByTicket, issueTicket, markTicketOpened } from './apply.js';
import { readStats } from '../stats/queries.js';
import { tokyoClock } from '../stats/periods.js';
import { applyRetention } from '../../ops/retention.js';
import { readTicket } from './read.js';
import { getTicketSettings, saveTicketSettings } from './settings.js';
import { ticketDigest } from './token.js';

const actor: Actor = { id: null, username: 'desk' };

describeStores('the printed ticket over the store', (kind) => {
  const t = useTestStore(kind);
  const { openAll, take, sw, mark, row } = queueActions(t);
  const issue = (slotId: string) => issueTicket({ store: t.store, slotId, actor, clinicName: 'テスト医院' });
  const read = (token: string) => readTicket(t.store, token, 'テスト医院');

  it('issues a 256-bit token for a desk number, stored only as its digest', async () => {
    await openAll();
    await take(null);
    const desk = await take(null);
    const printed = await issue(desk.slotId);
    expect(printed.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(printed).toMatchObject({ clinicName: 'テスト医院', reservationNumber: 2, ahead: 1, reprint: false, paper: '80', note: '', queueName: null });
    const rows = await t.store.db.selectFrom('ticket_tokens').selectAll().execute();
    expect(rows).toEqual([expect.objectContaining({ token_hash: ticketDigest(printed.token), slot_id: desk.slotId, revoked_at: null })]);
    expect(JSON.stringify(rows)).not.toContain(printed.token);
    expect(await read(printed.token)).toMatchObject({ state: 'waiting', reservation: { reservationNumber: 2, ahead: 1 } });
  });

  it('refuses a ticket for a LINE or app number', async () => {
    await openAll();
    const app = await take('PWA_a');
    expect(await outcomeWithKey(issue(app.slotId))).toBe('FAILED_PRECONDITION error.ticketDeskOnly');
    expect(await t.store.db.selectFrom('ticket_tokens').selectAll().execute()).toEqual([]);
  });

  it('a reprint revokes the token before it: the old one is refused, the new one stands', async () => {
    await openAll();
    const desk = await take(null);
    const first = await issue(desk.slotId);
    const second = await issue(desk.slotId);
    expect(second.reprint).toBe(true);
    expect(await outcomeWithKey(read(first.token))).toBe('NOT_FOUND error.ticketUnusable');
    expect(await outcomeWithKey(cancelByTicket({ store: t.store, token: first.token, reservationNumber: 1 }))).toBe('NOT_FOUND error.ticketUnusable');
    expect((await row(desk.slotId)).canceled).toBe(0);
    expect((await read(second.token)).state).toBe('waiting');
    expect((await auditLines(t.store)).map((l) => l.action)).toEqual(['ticket.issue', 'ticket.reprint']);
  });

  it('refuses a token once its session is over, and in the next session', async () => {
    await openAll();
    const desk = await take(null);
    const printed = await issue(desk.slotId);
    await mark(desk.slotId, 'start');
    expect((await read(printed.token)).state).toBe('seen');
    await sw('endOnline');
    await sw('endInhouse');
    expect(await outcomeWithKey(read(printed.token))).toBe('NOT_FOUND error.ticketUnusable');
    await openAll();
    expect(await outcomeWithKey(read(printed.token))).toBe('NOT_FOUND error.ticketUnusable');
  });

  it('the holder gives the number up in one write, audited as the ticket’s, the token nowhere', async () => {
    await openAll();
    const desk = await take(null);
    const printed = await issue(desk.slotId);
    expect(await outcomeWithKey(cancelByTicket({ store: t.store, token: printed.token, reservationNumber: 2 }))).toBe('NOT_FOUND error.reservationNotFound');
    const seen = await watchWrites(t.store);
    expect(await cancelByTicket({ store: t.store, token: printed.token, reservationNumber: 1 })).toEqual({ ok: true });
    const writes = await seen();
    expect(writes).toEqual({ bumps: 1, notices: [[{ type: 'slotCanceled', slotId: desk.slotId }]] });
    expect((await row(desk.slotId)).canceled).toBe(1);
    expect((await auditLines(t.store)).at(-1)).toEqual({ username: '受付票', action: 'ticket.cancel', target: `#1 ${desk.slotId}` });
    expect(await read(printed.token)).toEqual({ clinicName: 'テスト医院', state: 'canceled', reservation: null });
    expect(await outcomeWithKey(cancelByTicket({ store: t.store, token: printed.token, reservationNumber: 1 }))).toBe('NOT_FOUND error.reservationNotFound');

    const audit = JSON.stringify(await t.store.db.selectFrom('audit_log').selectAll().execute());
    const outbox = JSON.stringify(await t.store.db.selectFrom('outbox').selectAll().execute());
    const backup: string[] = [];
    await writeBackup(t.store, (l) => void backup.push(l));
    for (const text of [audit, outbox, JSON.stringify(writes), backup.join('\n')]) expect(text).not.toContain(printed.token);
    // A backup leaves the tokens out altogether: not even their digests.
    expect(backup.join('\n')).not.toContain('ticket_tokens');
    expect(backup.join('\n')).not.toContain(ticketDigest(printed.token));
  });

  it('saves the paper and the sentence, audited', async () => {
    expect(await getTicketSettings(t.store)).toEqual({ paper: '80', note: '', printer: '' });
    await saveTicketSettings({ store: t.store, settings: { paper: '58', note: 'お呼びするまで外出されても大丈夫です' }, actor });
    expect(await getTicketSettings(t.store)).toEqual({ paper: '58', note: 'お呼びするまで外出されても大丈夫です', printer: '' });
    expect((await auditLines(t.store)).map((l) => l.action)).toEqual(['ticket.settings']);
    await openAll();
    const desk = await take(null);
    expect(await issue(desk.slotId)).toMatchObject({ paper: '58', note: 'お呼びするまで外出されても大丈夫です', printer: 'off' });
  });

  it('saves the network printer’s address as its origin, keeps it when the save leaves it out, and refuses a bad one unchanged (decision 074)', async () => {
    await saveTicketSettings({ store: t.store, settings: { paper: '80', note: '', printer: '192.168.1.50:8008' }, actor });
    expect((await getTicketSettings(t.store)).printer).toBe('http://192.168.1.50:8008');
    await saveTicketSettings({ store: t.store, settings: { paper: '58', note: '' }, actor });
    expect(await getTicketSettings(t.store)).toEqual({ paper: '58', note: '', printer: 'http://192.168.1.50:8008' });
    expect(await outcomeWithKey(saveTicketSettings({ store: t.store, settings: { paper: '80', note: '', printer: 'https://example.com' }, actor }))).toBe('INVALID_ARGUMENT error.printerAddress');
    expect(await getTicketSettings(t.store)).toEqual({ paper: '58', note: '', printer: 'http://192.168.1.50:8008' });
    const lines = await auditLines(t.store);
    expect(lines.map((l) => l.action)).toEqual(['ticket.settings', 'ticket.settings']);
    // The backup carries the address with the other ticket settings.
    const backup: string[] = [];
    await writeBackup(t.store, (l) => void backup.push(l));
    expect(backup.join('\n')).toContain('"ticket_printer":"http://192.168.1.50:8008"');
  });

  it('counts tickets issued (reprints included) and each ticket’s first open per day, beyond the tokens’ retention', async () => {
    await openAll();
    const desk = await take(null);
    const first = await issue(desk.slotId);
    const second = await issue(desk.slotId);
    await markTicketOpened(t.store, second.token);
    await markTicketOpened(t.store, second.token);
    // A revoked token's page is refused, and counts nothing.
    expect(await outcomeWithKey(markTicketOpened(t.store, first.token))).toBe('NOT_FOUND error.ticketUnusable');
    const opened = await t.store.db.selectFrom('ticket_tokens').select(['token_hash', 'opened_at']).where('token_hash', '=', ticketDigest(second.token)).executeTakeFirstOrThrow();
    expect(opened.opened_at).not.toBeNull();
    const today = tokyoClock(new Date().toISOString()).day;
    expect((await readStats(t.store, 'day', today)).current.tickets).toEqual({ printed: 2, opened: 1 });
    expect((await readStats(t.store, 'day', today, 'main')).current.tickets).toEqual({ printed: 2, opened: 1 });
    // The tokens are gone after two days; the day's counts stay.
    await applyRetention(t.store, { retentionDays: 1, auditRetentionDays: 365 }, new Date(Date.now() + 3 * 24 * 3600_000));
    expect(await t.store.db.selectFrom('ticket_tokens').selectAll().execute()).toEqual([]);
    expect((await readStats(t.store, 'day', today)).current.tickets).toEqual({ printed: 2, opened: 1 });
  });
});
