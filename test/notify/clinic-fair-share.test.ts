/**
 * One clinic's broken LINE channel never slows another's notices (decision 078): each clinic's runtime has a
 * notify worker of its own with its own sends in flight, so a channel that accepts pushes and never answers
 * holds only its own clinic's slots. On both stores.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { patientTokens } from '../../src/server/auth/patient-tokens.js';
import { clinicSecret } from '../../src/server/clinics/clinic-secret.js';
import { writeClinicOverlay } from '../../src/server/clinics/line-channels.js';
import { SEND_CONCURRENCY } from '../../src/server/notify/worker.js';
import { describeStores } from '../support/stores.js';
import { startTwoClinics, type ClinicSide, type TwoClinics } from '../support/clinic-hosts.js';
import { startFakeLineMessaging, type FakeLineMessaging } from '../fakes/line-messaging.js';
import { serverTokenSecret } from '../api/api-support.js';
import { eventually, lineUserId } from './support.js';

describeStores("one clinic's silent LINE channel", (kind) => {
  let two: TwoClinics;
  let line: FakeLineMessaging;
  beforeEach(async () => {
    line = await startFakeLineMessaging();
    two = await startTwoClinics(kind, {
      LINE_API_BASE_URL: line.url,
      LINE_MESSAGING_CHANNEL_ACCESS_TOKEN: 'a-channel-token',
      // Long enough that a silent push holds its slot for the whole test.
      NOTIFY_SEND_TIMEOUT_MS: '25000',
      NOTIFY_POLL_MS: '50',
    });
    await writeClinicOverlay(two.b.store, serverTokenSecret(two.server), { LINE_MESSAGING_CHANNEL_ACCESS_TOKEN: 'b-channel-token' });
    await two.server.app.clinics.refresh();
  });
  afterEach(async () => {
    await two?.close();
    await line?.close();
  });

  /** A LINE patient of the clinic takes a number: with fewer than 5 ahead, its turn-is-near notice is queued at once. */
  async function lineNumber(side: ClinicSide, clinic: string, n: number) {
    const secret = clinicSecret(serverTokenSecret(two.server), clinic);
    const token = await patientTokens(secret, 1).issue({ uid: lineUserId(n), channel: 'LINE' });
    const answer = await side.call('allocateNextSlot', { reservedType: 'LINE' }, { token });
    expect(answer.status).toBe(200);
  }

  it("delivers a clinic's notices while another clinic's channel holds every send it has", async () => {
    for (const side of [two.a, two.b]) {
      const cookie = await side.staff();
      await side.call('startInhouseReception', {}, { cookie });
      await side.call('startOnlineReception', {}, { cookie });
    }
    line.silentTokens.add('a-channel-token');
    for (let n = 1; n <= SEND_CONCURRENCY + 1; n++) await lineNumber(two.a, 'default', n);
    await eventually(() => line.requests.filter((r) => r.token === 'a-channel-token').length === SEND_CONCURRENCY, "clinic A's sends all held");
    await lineNumber(two.b, 'clinic-b', 100);
    const delivered = await eventually(() => line.delivered.find((r) => r.token === 'b-channel-token'), "clinic B's notice");
    expect(delivered.to).toBe(lineUserId(100));
    // Clinic A's fifth notice still waits behind its own silent sends, and none of them went out with B's channel.
    expect(line.requests.filter((r) => r.token === 'a-channel-token')).toHaveLength(SEND_CONCURRENCY);
    expect(line.requests.filter((r) => r.token === 'b-channel-token').map((r) => r.to)).toEqual([lineUserId(100)]);
  });
});
