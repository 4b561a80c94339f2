/**
 * Patient text over real HTTP on both stores (docs/decisions/058): a family member's name holding a
 * control, format or bidi character is refused INVALID_ARGUMENT with the catalogue's error.patientText
 * before any write — nothing taken, no limit spent (PostgreSQL would refuse a NUL as 22021: a 500 before);
 * a fullwidth or compatibility name is stored in its NFKC form; an id holding a NUL is a 400, not a 500.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { staffLabels } from '../../src/shared/labels/staff.js';
import { label } from '../../src/shared/labels/text.js';
import { callFn, mustCall, pwaPatient, staffCookie } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';
import { expectRefusal, openReception } from './api-support.js';
import { storeVersion } from '../support/store-version.js';

describeStores('patient text', (kind) => {
  let t: TestStore;
  let server: TestServer;
  let cookie: string;
  beforeEach(async () => {
    t = await openTestStore(kind);
    // The limits on, as in production: a refused name must spend none of them.
    server = await startTestServer({ store: t.store });
    cookie = await staffCookie(server.url, t.store);
    await mustCall(server.url, 'saveAllocationSettings', { keepEvery: 0, onlineCap: 0, familyMax: 3 }, { cookie });
    await openReception(server.url, cookie);
  });
  afterEach(async () => {
    await server?.close();
    await t?.cleanup();
  });

  const take = async (members: string[]) => callFn(server.url, 'allocateNextSlot', { reservedType: 'PWA', members }, { token: (await pwaPatient(server.url)).token });
  const version = async () => (await storeVersion(t.store));
  const names = async () =>
    (await t.store.db.selectFrom('reservation_slots').select('member_name').where('is_reserved', '=', 1).orderBy('reservation_number').execute()).map((r) => r.member_name);
  const ticketCounters = async () =>
    (await t.store.db.selectFrom('rate_counters').select('key').execute()).filter((r) => /^(ticket|session-numbers)/.test(r.key)).length;

  it.each([
    ['a NUL', ['\u0000']],
    ['a BEL inside a name', ['太\u0007郎', '花子']],
    ['a right-to-left override', ['\u202Eたろう']],
    ['a zero-width joiner', ['た\u200Dろう']],
    ['a line break', ['たろう\n', '花子']],
    ['a lone surrogate', ['\uD800']],
  ])('refuses a name with %s: INVALID_ARGUMENT error.patientText, nothing written, no limit spent', async (_what, members) => {
    const before = await version();
    const answer = await take(members);
    expectRefusal(answer, 'INVALID_ARGUMENT', label(staffLabels, 'ja', 'error.patientText'));
    expect(await version()).toBe(before);
    expect(await names()).toEqual([]);
    expect(await ticketCounters()).toBe(0);
  });

  it('stores a fullwidth or compatibility name in its NFKC form, its length counted on that form', async () => {
    expect((await take(['ＴＡＲＯ', ' ﾊﾅｺ '])).status).toBe(200);
    // Eleven halfwidth characters, six once normalised: within the ten a name may have.
    expect((await take(['ｶﾞｷﾞｸﾞｹﾞｺﾞｻ', '①'])).status).toBe(200);
    expect(await names()).toEqual(['TARO', 'ハナコ', 'ガギグゲゴサ', '1']);
  });

  it('answers an id holding a NUL with INVALID_ARGUMENT, not a database error', async () => {
    const patient = await pwaPatient(server.url);
    const answer = await callFn(server.url, 'cancelReservation', { slotId: 'a\u0000b', reservationNumber: 1, canceledBy: 'PWA' }, { token: patient.token });
    expectRefusal(answer, 'INVALID_ARGUMENT');
    const staff = await callFn(server.url, 'markSlot', { slotId: '\u0000', action: 'start' }, { cookie });
    expectRefusal(staff, 'INVALID_ARGUMENT');
  });
});
