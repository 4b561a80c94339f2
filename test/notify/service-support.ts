/** A server with LINE MINI App service messages on, wired to the fake LINE (its MINI App channel included). */
import { mustCall, staffCookie } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import type { Store } from '../../src/server/storage/port.js';
import { startFakeLineMessaging, type FakeLineMessaging } from '../fakes/line-messaging.js';
import { lineToken, lineUserId, notifyEnv, openReception } from './support.js';

export const TEMPLATE = 'queue_status_ja';

export function serviceEnv(line: FakeLineMessaging): Record<string, string> {
  return {
    ...notifyEnv(line.url),
    LINE_MINIAPP_CHANNEL_ID: line.notifier.channelId,
    LINE_MINIAPP_CHANNEL_SECRET: line.notifier.channelSecret,
    LINE_SERVICE_TEMPLATE: TEMPLATE,
    LINE_SERVICE_PARAMS: 'number=number,people_ahead=ahead,shop_name=clinic,note=message',
  };
}

export interface ServiceWorld {
  server: TestServer;
  line: FakeLineMessaging;
  cookie: string;
  /** Every line the server logged (at debug level). */
  logs: string[];
  staff<T = unknown>(name: string, data?: unknown): Promise<T>;
  /** A LINE patient taking a number inside the MINI App (with a LIFF access token LINE knows). */
  take(n: number): Promise<{ slotId: string; reservationNumber: number; userId: string; liff: string; token: string }>;
  close(): Promise<void>;
}

export async function startServiceWorld(options: { store?: Store; env?: Record<string, string> } = {}): Promise<ServiceWorld> {
  const line = await startFakeLineMessaging();
  const logs: string[] = [];
  const server = await startTestServer({
    env: { ...serviceEnv(line), RATE_LIMIT: 'off', LOG_LEVEL: 'debug', ...options.env },
    store: options.store,
    logStream: { write: (l) => void logs.push(l) },
  });
  const cookie = await staffCookie(server.url, server.store);
  await openReception(server, cookie);
  return {
    server,
    line,
    cookie,
    logs,
    staff: (name, data = {}) => mustCall(server.url, name, data, { cookie }),
    async take(n) {
      const userId = lineUserId(n);
      const token = await lineToken(server.dataDir, userId);
      const liff = line.notifier.liffTokenFor(userId);
      const slot = await mustCall<{ slotId: string; reservationNumber: number }>(server.url, 'allocateNextSlot', { reservedType: 'LINE', liffAccessToken: liff }, { token });
      return { ...slot, userId, liff, token };
    },
    async close() {
      await server.close();
      await line.close();
    },
  };
}

/** Every LIFF access token and service notification token LINE handed out, found in `text`. */
export function tokensIn(line: FakeLineMessaging, text: string): string[] {
  return [...line.notifier.liffTokens.keys(), ...line.notifier.tokens.keys()].filter((t) => text.includes(t));
}

export const tokenRow = (server: TestServer, slotId: string) =>
  server.store.db.selectFrom('service_tokens').selectAll().where('slot_id', '=', slotId).executeTakeFirst();

export const outboxOf = (server: TestServer, slotId: string) =>
  server.store.db.selectFrom('outbox').selectAll().where('slot_id', '=', slotId).orderBy('created_at').execute();
