/**
 * A local fake push service plus the "browser" side of a subscription: the test holds the P-256 key pair
 * and auth secret, so it can decrypt (RFC 8291, aes128gcm) what our server sends.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The decrypted JSON payload. */
  payload: { title: string; body: string; link: string };
}

export interface FakePushService {
  url: string;
  received: ReceivedPush[];
  /** Answer the next posts with these statuses (e.g. 410, 500). */
  script: number[];
  /** A new browser subscription whose endpoint points at this service. */
  subscribe(): { endpoint: string; keys: { p256dh: string; auth: string } };
  close(): Promise<void>;
}

export async function startFakePushService(): Promise<FakePushService> {
  const browsers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const fake = { received: [] as ReceivedPush[], script: [] as number[] };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const status = fake.script.shift() ?? 201;
      const browser = browsers.get(req.url ?? '');
      if (status === 201 && browser) {
        const plain = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: browser.ecdh,
          authSecret: browser.auth.toString('base64url'),
        });
        fake.received.push({ path: req.url ?? '', headers: req.headers, payload: JSON.parse(plain.toString('utf8')) });
      }
      res.writeHead(browser ? status : 404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return Object.assign(fake, {
    url,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomBytes(8).toString('hex')}`;
      browsers.set(path, { ecdh, auth });
      return {
        endpoint: `${url}${path}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
