/**
 * A patient's rate counters hold a keyed hash of the uid, never the uid (decision 057): a uid is a bearer
 * credential and the counters are in backups. The budget still holds per patient. Real HTTP, both stores.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { callFn, mustCall, pwaPatient, staffCookie } from '../support/client.js';
import { patientCounterSubject } from '../support/counters.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';
import { lineToken, lineUserId } from '../notify/support.js';
import { writeBackup } from '../../src/server/ops/backup.js';

type Taken = { slotId: string; reservationNumber: number };

describeStores('the rate counters of a patient', (kind) => {
  let test: TestStore;
  let server: TestServer;
  beforeEach(async () => {
    test = await openTestStore(kind);
    server = await startTestServer({ store: test.store, env: { RATE_LIMIT_PATIENT_CHANGES_PER_HOUR: '2' } });
    const cookie = await staffCookie(server.url, server.store);
    await mustCall(server.url, 'startInhouseReception', {}, { cookie });
    await mustCall(server.url, 'startOnlineReception', {}, { cookie });
    // Walk-ins ahead, so that no patient's notice is due (a notice sent fixes the threshold).
    for (let i = 0; i < 11; i++) await mustCall(server.url, 'allocateNextSlot', { reservedType: 'ADMIN' }, { cookie });
  });
  afterEach(async () => {
    await server.close();
    await test.cleanup();
  });

  it('hold no uid, and the budget still holds', async () => {
    const pwa = await pwaPatient(server.url);
    const line = { uid: lineUserId(5), token: await lineToken(server.dataDir, lineUserId(5)) };
    const slot = await mustCall<Taken>(server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: pwa.token });
    const answers = [];
    for (const n of [9, 10, 9]) answers.push((await callFn(server.url, 'setMyNoticeThreshold', { slotId: slot.slotId, threshold: n }, { token: pwa.token })).status);
    expect(answers).toEqual([200, 200, 429]);
    // A LINE patient's cancels: two spend the budget, the third is refused (its number stays).
    const cancels = [];
    for (let i = 0; i < 3; i++) {
      const taken = await mustCall<Taken>(server.url, 'allocateNextSlot', { reservedType: 'LINE' }, { token: line.token });
      cancels.push((await callFn(server.url, 'cancelReservation', { slotId: taken.slotId, reservationNumber: taken.reservationNumber, canceledBy: 'LINE' }, { token: line.token })).status);
    }
    expect(cancels).toEqual([200, 200, 429]);

    const rows = await server.store.db.selectFrom('rate_counters').selectAll().execute();
    for (const uid of [pwa.uid, line.uid]) expect(JSON.stringify(rows)).not.toContain(uid);
    const patientRows = rows.filter((r) => r.key.startsWith('patient-')).map((r) => [r.key, r.count]).sort();
    expect(patientRows).toEqual(
      [
        [`patient-cancel:${patientCounterSubject(server.dataDir, line.uid)}`, 2],
        [`patient-threshold:${patientCounterSubject(server.dataDir, pwa.uid)}`, 2],
      ].sort(),
    );
    // Nor does a backup's copy of the counters hold one.
    const backup: string[] = [];
    await writeBackup(server.store, (l) => void backup.push(l));
    const counters = backup.filter((l) => l.includes('rate_counters') || l.includes('patient-'));
    expect(counters.length).toBeGreaterThan(0);
    for (const uid of [pwa.uid, line.uid]) expect(counters.join('\n')).not.toContain(uid);
  });
});
