/**
 * A local fake push service plus the "browser" side of a subscription: the test holds the P-256 key pair
 * and auth secret, so it can decrypt (RFC 8291, aes128gcm) what our server sends. It speaks https, as real
 * push services do, with the run's self-signed certificate (test/setup/push-tls.ts), on a random port that
 * the server must be told about: `PUSH_ALLOWED_HOSTS: push.allowedHost`.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { flood } from './flood.js';
import { inject } from 'vitest';

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The decrypted JSON payload. */
  payload: { title: string; body: string; link: string };
}

/**
 * A status to answer with; 'hang': accept and never answer; 'stall': answer 500 but never finish the body;
 * 'huge': answer 201 with a 10 MiB body; 'endless': answer 201 with a body that never ends.
 */
export type PushStep = number | 'hang' | 'stall' | 'huge' | 'endless';

export interface PushRequest {
  path: string;
  answered: PushStep;
  /** The connection it came on was closed (by the sender, for a request never answered). */
  closed: boolean;
}

export interface FakePushService {
  url: string;
  /** The PUSH_ALLOWED_HOSTS entry for this service (host and its port). */
  allowedHost: string;
  received: ReceivedPush[];
  /** Every post as it arrived, answered or not. */
  requests: PushRequest[];
  /** Answer the next posts with these (e.g. 410, 500, 'hang'); 3xx points Location at another path here. */
  script: PushStep[];
  /** Answer every post to this path so; e.g. a subscription whose service never answers. */
  pathScript: Map<string, PushStep>;
  /** A new browser subscription whose endpoint points at this service. */
  subscribe(): { endpoint: string; keys: { p256dh: string; auth: string } };
  close(): Promise<void>;
}

export async function startFakePushService(): Promise<FakePushService> {
  const browsers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const open: ServerResponse[] = [];
  const fake = { received: [] as ReceivedPush[], requests: [] as PushRequest[], script: [] as PushStep[], pathScript: new Map<string, PushStep>() };
  const tls = inject('pushTls');

  const server = createServer({ cert: readFileSync(tls.cert), key: readFileSync(tls.key) }, (req, res) => {
    const path = req.url ?? '';
    const browser = browsers.get(path);
    const step = fake.pathScript.get(path) ?? fake.script.shift() ?? (browser ? 201 : 404);
    const record: PushRequest = { path, answered: step, closed: false };
    fake.requests.push(record);
    req.socket.once('close', () => (record.closed = true));
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (step === 'hang') return void open.push(res);
      if (step === 'stall') {
        open.push(res);
        return void res.writeHead(500, { 'content-length': '100' }).write('partial');
      }
      if (step === 'huge' || step === 'endless') return flood(res, 201, step === 'huge' ? 10 * 1024 * 1024 : undefined);
      if (step >= 300 && step < 400) return void res.writeHead(step, { location: `${url}/push/redirected` }).end();
      if (step === 201 && browser) {
        try {
          const plain = ece.decrypt(Buffer.concat(chunks), {
            version: 'aes128gcm',
            privateKey: browser.ecdh,
            authSecret: browser.auth.toString('base64url'),
          });
          fake.received.push({ path, headers: req.headers, payload: JSON.parse(plain.toString('utf8')) });
        } catch {
          return void res.writeHead((record.answered = 400)).end();
        }
      }
      res.writeHead(step).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `https://127.0.0.1:${port}`;
  return Object.assign(fake, {
    url,
    allowedHost: `127.0.0.1:${port}`,
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
      open.forEach((res) => res.destroy());
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
