/**
 * Each clinic's own LINE channels at work (decisions 078, 079): the settings a clinic keeps in the store reach
 * its runtime (its client config, its webhook), a delivery is checked with the channel secret of the clinic
 * its host reaches, one signed with another clinic's secret is refused, and a clinic that named its bot takes
 * only deliveries for that bot. On both stores.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeStores } from '../support/stores.js';
import { startTwoClinics, type TwoClinics } from '../support/clinic-hosts.js';
import { writeClinicOverlay } from '../../src/server/clinics/line-channels.js';
import { deliveryBody, signBody } from '../fakes/line-chat.js';
import { serverTokenSecret } from '../api/api-support.js';

const SECRET_A = 'a3f1c0de5eed0f00dfeedbeef0123456';
const SECRET_B = 'b0b0c0de5eed0f00dfeedbeef6543210';
const BOT_B = `U${'b'.repeat(32)}`;
const LIFF_B = '1650000000-ClinicB1';

describeStores("a clinic's own LINE channels", (kind) => {
  let two: TwoClinics;
  beforeEach(async () => {
    two = await startTwoClinics(kind, { LINE_MESSAGING_CHANNEL_SECRET: SECRET_A, LINE_MESSAGING_CHANNEL_ACCESS_TOKEN: 'a-token', LINE_LIFF_ID: '1650000000-ClinicA1' });
    await writeClinicOverlay(two.b.store, serverTokenSecret(two.server), {
      LINE_MESSAGING_CHANNEL_SECRET: SECRET_B,
      LINE_MESSAGING_CHANNEL_ACCESS_TOKEN: 'b-token',
      LINE_BOT_USER_ID: BOT_B,
      LINE_LIFF_ID: LIFF_B,
      CLINIC_NAME: 'さくら内科クリニック',
    });
    // The list is read every few seconds; the test reads it now.
    await two.server.app.clinics.refresh();
  });
  afterEach(async () => two?.close());

  async function deliver(host: string, body: string, secret: string) {
    const response = await fetch(`${two.server.url}/line/webhook`, {
      method: 'POST',
      headers: { 'x-forwarded-host': host, 'content-type': 'application/json', 'x-line-signature': signBody(secret, body) },
      body,
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }
  const forBot = (destination: string) => JSON.stringify({ destination, events: [] });

  it("gives the clinic's runtime what it set: its name and LIFF app, none of the environment's", async () => {
    const config = (await (await two.b.get('/api/client-config')).json()) as { clinicName: string; line: { liffId: string | null } };
    expect(config.clinicName).toBe('さくら内科クリニック');
    expect(config.line.liffId).toBe(LIFF_B);
    const a = (await (await two.a.get('/api/client-config')).json()) as { line: { liffId: string | null } };
    expect(a.line.liffId).toBe('1650000000-ClinicA1');
  });

  it("checks each delivery with the secret of the clinic its host reaches, and refuses another clinic's", async () => {
    expect((await deliver(two.b.host, forBot(BOT_B), SECRET_B)).status).toBe(200);
    expect((await deliver(two.a.host, deliveryBody([]), SECRET_A)).status).toBe(200);
    // Each clinic's secret is worth nothing at the other's host.
    expect((await deliver(two.b.host, forBot(BOT_B), SECRET_A)).status).toBe(401);
    expect((await deliver(two.a.host, forBot(BOT_B), SECRET_B)).status).toBe(401);
  });

  it('takes only deliveries for its own bot once it named one', async () => {
    const other = await deliver(two.b.host, forBot(`U${'c'.repeat(32)}`), SECRET_B);
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ error: { status: 'PERMISSION_DENIED' } });
  });
});
