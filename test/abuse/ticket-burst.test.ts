/**
 * One address fires a burst of patients it minted beforehand at the opening instant. Before, each request
 * read the ticket counter before taking a number and counted after, so the whole burst passed the read;
 * now the count is taken inside each allocation's write, so the limit holds however the requests arrive,
 * on each store and across server processes sharing one PostgreSQL database.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { staffLabels } from '../../src/shared/labels/staff.js';
import { label } from '../../src/shared/labels/text.js';
import type { Store } from '../../src/server/storage/port.js';
import { simultaneousCalls, type TimedAnswer } from '../support/burst.js';
import { mustCall, pwaPatients, staffCookie } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { describePostgres, describeStores, openTestStore, ownersWithTwoActive, type TestStore } from '../support/stores.js';

const servers: TestServer[] = [];
const stores: TestStore[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  await Promise.all(stores.splice(0).map((s) => s.cleanup()));
});

const LIMIT = 5;
// Minting 40 identities is set-up, not the attack: its own limit is raised out of the way.
const env = {
  TRUST_PROXY: 'true',
  RATE_LIMIT_TICKETS_PER_HOUR: String(LIMIT),
  RATE_LIMIT_IDENTITIES_PER_HOUR: '100',
  TOKEN_SECRET: 'shared-secret-of-at-least-32-characters',
};
const oneAddress = { 'x-forwarded-for': '203.0.113.66' };

async function server(store: Store) {
  const s = await startTestServer({ env, store });
  servers.push(s);
  return s;
}

async function open(s: TestServer) {
  const cookie = await staffCookie(s.url, s.store);
  await mustCall(s.url, 'startInhouseReception', {}, { cookie });
  await mustCall(s.url, 'startOnlineReception', {}, { cookie });
}

/** At most LIMIT numbers, every other answer exactly the catalogue's ticket-limit refusal, nothing else. */
async function expectLimitHeld(answers: TimedAnswer[], store: Store) {
  const won = answers.filter((a) => a.status === 200);
  const refused = answers.filter((a) => a.status !== 200);
  expect(won.length).toBeGreaterThan(0);
  expect(won.length).toBeLessThanOrEqual(LIMIT);
  for (const a of refused) {
    expect(a.status).toBe(429);
    expect(a.body).toEqual({ error: { status: 'RESOURCE_EXHAUSTED', message: label(staffLabels, 'ja', 'error.rateLimitedTickets') } });
  }
  const taken = await store.db.selectFrom('reservation_slots').select('id').where('is_reserved', '=', 1).execute();
  expect(taken).toHaveLength(won.length);
  expect(await ownersWithTwoActive(store)).toEqual([]);
}

describeStores('a burst of tickets from one address', (kind) => {
  it(`40 patients at the same instant: at most ${LIMIT} numbers, the rest RESOURCE_EXHAUSTED`, async () => {
    const t = await openTestStore(kind);
    stores.push(t);
    const s = await server(t.store);
    await open(s);
    const patients = await pwaPatients(s.url, 40);
    const answers = await simultaneousCalls(s.url, 'allocateNextSlot', { reservedType: 'PWA' }, patients.map((p) => p.token), 60_000, oneAddress);
    await expectLimitHeld(answers, t.store);
  });
});

describePostgres('a burst of tickets from one address, across two server processes', () => {
  it(`40 patients split over two servers on one database: at most ${LIMIT} numbers in all`, async () => {
    const t = await openTestStore('postgres');
    stores.push(t);
    const a = await server(t.store);
    const b = await server(await t.reopen());
    await open(a);
    const patients = await pwaPatients(a.url, 40);
    const tokens = patients.map((p) => p.token);
    const answers = (
      await Promise.all([
        simultaneousCalls(a.url, 'allocateNextSlot', { reservedType: 'PWA' }, tokens.slice(0, 20), 60_000, oneAddress),
        simultaneousCalls(b.url, 'allocateNextSlot', { reservedType: 'PWA' }, tokens.slice(20), 60_000, oneAddress),
      ])
    ).flat();
    await expectLimitHeld(answers, t.store);
  });
});

describe('the ticket counter moves with the number', () => {
  it('a refused request (already booked) costs nothing; the limit counts numbers actually taken', async () => {
    const t = await openTestStore('sqlite');
    stores.push(t);
    const s = await server(t.store);
    await open(s);
    const [first, ...rest] = await pwaPatients(s.url, LIMIT + 1);
    // The same patient asking again and again (a double tap) is refused without spending the address's allowance.
    const again = await simultaneousCalls(s.url, 'allocateNextSlot', { reservedType: 'PWA' }, Array(10).fill(first.token), 60_000, oneAddress);
    expect(again.filter((a) => a.status === 200)).toHaveLength(1);
    expect(again.filter((a) => a.status !== 200).map((a) => a.body.error?.status)).toEqual(Array(9).fill('ALREADY_EXISTS'));
    const answers = await simultaneousCalls(s.url, 'allocateNextSlot', { reservedType: 'PWA' }, rest.map((p) => p.token), 60_000, oneAddress);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(LIMIT - 1);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(1);
  });
});
