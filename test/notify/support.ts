/** A server wired to fake LINE and push services, with LINE patients whose tokens our own key signs. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { patientTokens } from '../../src/server/auth/patient-tokens.js';
import { startTestServer, type TestServer, type TestServerOptions } from '../support/server.js';
import { mustCall } from '../support/client.js';
import { startFakeLineMessaging, type FakeLineMessaging } from '../fakes/line-messaging.js';
import { startFakePushService, type FakePushService } from '../fakes/push-service.js';

export interface NotifyWorld {
  server: TestServer;
  line: FakeLineMessaging;
  push: FakePushService;
  close(): Promise<void>;
}

export function notifyEnv(lineUrl: string): Record<string, string> {
  return {
    CLINIC_NAME: 'さくらクリニック',
    LINE_MESSAGING_CHANNEL_ACCESS_TOKEN: 'test-channel-token',
    LINE_API_BASE_URL: lineUrl,
    VAPID_SUBJECT: 'mailto:it@clinic.example',
    PUSH_ALLOWED_HOSTS: '127.0.0.1',
    NOTIFY_RETRY_BASE_MS: '20',
    NOTIFY_POLL_MS: '50',
  };
}

export async function startNotifyWorld(env: Record<string, string> = {}, logStream?: TestServerOptions['logStream']): Promise<NotifyWorld> {
  const line = await startFakeLineMessaging();
  const push = await startFakePushService();
  const server = await startTestServer({ env: { ...notifyEnv(line.url), PUSH_ALLOWED_HOSTS: push.allowedHost, ...env }, logStream });
  return {
    server,
    line,
    push,
    async close() {
      await server.close();
      await line.close();
      await push.close();
    },
  };
}

/** A LINE patient's bearer token, signed with the server's own key (LINE Login itself is tested elsewhere). */
export function lineToken(dataDir: string, userId: string): Promise<string> {
  const secret = readFileSync(join(dataDir, 'token-secret'), 'utf8').trim();
  return patientTokens(secret, 1).issue({ uid: userId, channel: 'LINE' });
}

export const lineUserId = (n: number) => `U${n.toString(16).padStart(32, '0')}`;

/** Waits until `check` holds (the worker runs on its own); fails after a generous limit, asserting nothing on time. */
export async function eventually<T>(check: () => Promise<T | undefined | false> | T | undefined | false, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** True once nothing is waiting in the outbox: every notice was sent or failed. */
export async function outboxSettled(server: TestServer): Promise<boolean> {
  const open = await server.store.db.selectFrom('outbox').select('id').where('status', 'in', ['pending', 'sending']).execute();
  return open.length === 0;
}

export async function openReception(server: TestServer, cookie: string) {
  await mustCall(server.url, 'startInhouseReception', {}, { cookie });
  await mustCall(server.url, 'startOnlineReception', {}, { cookie });
}
