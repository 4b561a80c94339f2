/**
 * The https of the fake push service is real: this forked test worker trusts the run's certificate only
 * because the global setup set NODE_EXTRA_CA_CERTS before the workers started (test/setup/push-tls.ts).
 */
import { request } from 'node:https';
import { rootCertificates } from 'node:tls';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { startFakePushService, type FakePushService } from '../fakes/push-service.js';

let push: FakePushService;
beforeAll(async () => {
  push = await startFakePushService();
});
afterAll(async () => push.close());

function post(url: string, ca?: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent: false, ...(ca ? { ca } : {}) }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

it('runs in a forked worker that inherited NODE_EXTRA_CA_CERTS from the global setup', () => {
  expect(process.env.NODE_EXTRA_CA_CERTS).toBe(inject('pushTls').cert);
  expect(process.send).toBeTypeOf('function'); // a child process of the runner, not the runner itself
});

it('trusts the fake push service with Node’s default certificates, as the server’s fetch does', async () => {
  expect(await post(`${push.url}/push/unknown`)).toBe(404);
  expect((await fetch(`${push.url}/push/unknown`, { method: 'POST' })).status).toBe(404);
});

it('would not trust it with only the public roots: the trust comes from NODE_EXTRA_CA_CERTS', async () => {
  await expect(post(`${push.url}/push/unknown`, [...rootCertificates])).rejects.toThrow(/self[- ]signed/i);
});
