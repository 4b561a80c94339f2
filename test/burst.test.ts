/**
 * A thousand patients press "take a number" at the same instant, over real HTTP on their own connections,
 * against each store. The 200 numbers go out exactly once each, everyone else hears RESOURCE_EXHAUSTED,
 * and nobody sees the contention (no ABORTED, no 500). With numbers kept for the desk and an online cap
 * (decision 049) the same holds for the numbers online may take, and no kept number goes online; with
 * families on as well (decision 053), no family is split and none of its numbers is given twice.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeStores, openTestStore, ownersWithTwoActive, type TestStore } from './support/stores.js';
import { startTestServer, type TestServer } from './support/server.js';
import { mustCall, pwaPatients, staffCookie } from './support/client.js';
import { simultaneousCalls } from './support/burst.js';
import { familyBurstProblems, familyPayload, familySize } from './support/burst-families.js';
import { staffLabels } from '../src/shared/labels/staff.js';
import { label } from '../src/shared/labels/text.js';

type Taken = { reservationNumber: number; slotId: string };

describeStores('burst of simultaneous allocateNextSlot', (kind) => {
  let t: TestStore;
  let server: TestServer;
  beforeEach(async () => {
    t = await openTestStore(kind);
    server = await startTestServer({ store: t.store, env: { RATE_LIMIT: 'off' } });
    const cookie = await staffCookie(server.url, t.store);
    await mustCall(server.url, 'startInhouseReception', {}, { cookie });
    await mustCall(server.url, 'startOnlineReception', {}, { cookie });
  });
  afterEach(async () => {
    await server?.close();
    await t?.cleanup();
  });

  it('1,000 patients at once: numbers 1..200 exactly once each, 800 RESOURCE_EXHAUSTED, nothing else', async () => {
    const patients = await pwaPatients(server.url, 1000);
    expect(new Set(patients.map((p) => p.uid)).size).toBe(1000);

    const answers = await simultaneousCalls<Taken>(
      server.url,
      'allocateNextSlot',
      { reservedType: 'PWA' },
      patients.map((p) => p.token),
    );

    const won = answers.filter((a) => a.status === 200);
    const exhausted = answers.filter((a) => a.status === 429 && a.body.error?.status === 'RESOURCE_EXHAUSTED');
    const other = answers.filter((a) => !won.includes(a) && !exhausted.includes(a));
    expect(other).toEqual([]);
    expect(won).toHaveLength(200);
    expect(exhausted).toHaveLength(800);
    expect(won.map((a) => a.body.result!.reservationNumber).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 200 }, (_, i) => i + 1),
    );

    const { db } = t.store;
    const { current_session_id: session } = await db.selectFrom('runtime').selectAll().executeTakeFirstOrThrow();
    const reserved = await db
      .selectFrom('reservation_slots')
      .select(['id', 'owner_id', 'reservation_number'])
      .where('session_id', '=', session!)
      .where('is_reserved', '=', 1)
      .execute();
    expect(reserved).toHaveLength(200);
    expect(new Set(reserved.map((r) => r.owner_id)).size).toBe(200);
    const doubled = await ownersWithTwoActive(t.store);
    expect(doubled).toEqual([]);
    // Each winner holds the very slot the server told them about.
    const byId = new Map(reserved.map((r) => [r.id, r.reservation_number]));
    for (const a of won) expect(byId.get(a.body.result!.slotId)).toBe(a.body.result!.reservationNumber);
  });

  // Numbers kept for the desk and the online cap (decision 049): the same burst with every third number kept.
  it.each([
    { cap: 100, capped: 'capped at 100', given: 100 },
    { cap: 0, capped: 'no cap', given: 134 },
  ])('1,000 patients at once, every 3rd number kept, $capped: the first $given unkept numbers once each, no kept one, the rest refused', async ({ cap, given }) => {
    const cookie = await staffCookie(server.url, t.store);
    await mustCall(server.url, 'saveAllocationSettings', { keepEvery: 3, onlineCap: cap }, { cookie });
    const patients = await pwaPatients(server.url, 1000);
    const answers = await simultaneousCalls<Taken>(server.url, 'allocateNextSlot', { reservedType: 'PWA' }, patients.map((p) => p.token));

    const won = answers.filter((a) => a.status === 200);
    const usedUp = answers.filter((a) => a.status === 429 && a.body.error?.status === 'RESOURCE_EXHAUSTED' && (a.body.error as { message?: string }).message === label(staffLabels, 'ja', 'error.onlineNumbersUsedUp'));
    expect(answers.filter((a) => !won.includes(a) && !usedUp.includes(a))).toEqual([]);
    expect(won).toHaveLength(given);
    expect(usedUp).toHaveLength(1000 - given);
    const unkept = Array.from({ length: 200 }, (_, i) => i + 1).filter((n) => n % 3 !== 0);
    expect(won.map((a) => a.body.result!.reservationNumber).sort((x, y) => x - y)).toEqual(unkept.slice(0, given));

    const { db } = t.store;
    const reserved = await db.selectFrom('reservation_slots').select(['owner_id', 'reservation_number']).where('is_reserved', '=', 1).execute();
    expect(reserved).toHaveLength(given);
    expect(reserved.filter((r) => r.reservation_number % 3 === 0)).toEqual([]);
    expect(new Set(reserved.map((r) => r.owner_id)).size).toBe(given);
    expect(await ownersWithTwoActive(t.store)).toEqual([]);
    // The kept numbers are still the desk's: its next walk-in takes the lowest one ahead of the end.
    expect((await mustCall<Taken>(server.url, 'allocateNextSlot', { reservedType: 'ADMIN' }, { cookie })).reservationNumber).toBe(3);
  });

  // Families (decision 053) on top of the kept numbers: callers ask for 1, 2, 1, 3 numbers in turn.
  it.each([
    { cap: 100, capped: 'capped at 100', given: 100 },
    { cap: 0, capped: 'no cap', given: 134 },
  ])('1,000 callers at once, families of up to 3, every 3rd number kept, $capped: no family split, no kept number, each once', async ({ cap, given }) => {
    const cookie = await staffCookie(server.url, t.store);
    await mustCall(server.url, 'saveAllocationSettings', { keepEvery: 3, onlineCap: cap, familyMax: 3 }, { cookie });
    const patients = await pwaPatients(server.url, 1000);
    const answers = await simultaneousCalls<Taken>(server.url, 'allocateNextSlot', familyPayload, patients.map((p) => p.token));

    const unkept = Array.from({ length: 200 }, (_, i) => i + 1).filter((n) => n % 3 !== 0).slice(0, given);
    expect(familyBurstProblems(answers, unkept, [label(staffLabels, 'ja', 'error.onlineNumbersUsedUp'), label(staffLabels, 'ja', 'error.notEnoughForFamily')])).toEqual([]);
    const rows = await t.store.db.selectFrom('reservation_slots').select(['owner_id', 'reservation_number', 'family_id', 'member_index']).where('is_reserved', '=', 1).execute();
    expect(rows).toHaveLength(given);
    expect(rows.filter((r) => r.reservation_number % 3 === 0)).toEqual([]);
    // Each owner's numbers are one family: one id, members 0…k-1, k what they asked for.
    const byOwner = new Map<string | null, typeof rows>();
    for (const row of rows) byOwner.set(row.owner_id, [...(byOwner.get(row.owner_id) ?? []), row]);
    const winners = answers.flatMap((a, i) => (a.status === 200 ? [{ i, uid: patients[i].uid }] : []));
    expect(byOwner.size).toBe(winners.length);
    for (const { i, uid } of winners) {
      const mine = (byOwner.get(uid) ?? []).sort((a, b) => a.member_index - b.member_index);
      expect(mine.map((r) => r.member_index)).toEqual(Array.from({ length: familySize(i) }, (_, m) => m));
      expect(new Set(mine.map((r) => r.family_id)).size).toBe(1);
      expect(mine[0].family_id === null).toBe(familySize(i) === 1);
    }
  });

  it('one patient pressing 20 times at once gets exactly one number', async () => {
    const [patient] = await pwaPatients(server.url, 1);
    const answers = await simultaneousCalls<Taken>(
      server.url,
      'allocateNextSlot',
      { reservedType: 'PWA' },
      Array.from({ length: 20 }, () => patient.token),
    );
    const won = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 409 && a.body.error?.status === 'ALREADY_EXISTS');
    expect(won).toHaveLength(1);
    expect(refused).toHaveLength(19);
    expect(won[0].body.result!.reservationNumber).toBe(1);

    const mine = await t.store.db.selectFrom('reservation_slots').select('id').where('owner_id', '=', patient.uid).execute();
    expect(mine).toEqual([{ id: won[0].body.result!.slotId }]);
  });
});
