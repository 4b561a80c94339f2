/**
 * The process metrics keep prom-client's default names, help texts, types and labels (decision 027 reads
 * the handle and resource lists once per scrape instead of twice, and descriptors are counted without
 * listing them): the same families as a registry with prom-client's own collectDefaultMetrics, the by-type
 * counts add up to the totals, and the descriptor count is the listing's.
 */
import { readdirSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMetrics } from '../../src/server/metrics/metrics.js';
import { parseMetrics, type Sample } from './scrape.js';

let server: Server;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = createServer(() => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  for (let i = 0; i < 20; i++) sockets.push(await new Promise<Socket>((resolve) => { const s = connect(port, '127.0.0.1', () => resolve(s)); }));
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => server.close(resolve));
});

/** `# HELP` and `# TYPE` lines of the families prom-client's defaults define (not the app's own). */
const headers = (text: string) => text.split('\n').filter((l) => /^# (HELP|TYPE) (nodejs|process)_/.test(l)).sort();
const total = (samples: Sample[], name: string) => samples.filter((s) => s.name === name).reduce((sum, s) => sum + s.value, 0);

it("has every default process metric with prom-client's own name, help and type", async () => {
  const reference = new Registry();
  collectDefaultMetrics({ register: reference });
  const ours = await createMetrics().text();
  const theirs = await reference.metrics();
  expect(headers(ours)).toEqual(headers(theirs));
  expect(headers(ours).length).toBeGreaterThan(40);
});

it('counts handles and resources by type, adding up to the totals, with the sockets open', async () => {
  const samples = parseMetrics(await createMetrics().text());
  for (const family of ['nodejs_active_handles', 'nodejs_active_resources']) {
    const sum = total(samples, family);
    expect(sum).toBeGreaterThanOrEqual(2 * sockets.length);
    expect(samples.find((s) => s.name === `${family}_total`)?.value).toBe(sum);
    expect(samples.filter((s) => s.name === family).every((s) => Object.keys(s.labels).join() === 'type')).toBe(true);
  }
  expect(samples.find((s) => s.name === 'nodejs_active_handles' && s.labels.type === 'Socket')?.value).toBeGreaterThanOrEqual(2 * sockets.length);
});

it.runIf(process.platform === 'linux')('counts the open file descriptors as listing them does, with the sockets open', async () => {
  const metrics = createMetrics();
  // The listing holds one descriptor of its own while it reads, as prom-client's count leaves out.
  const listed = readdirSync('/proc/self/fd').length - 1;
  const value = parseMetrics(await metrics.text()).find((s) => s.name === 'process_open_fds')?.value ?? -1;
  expect(value).toBeGreaterThanOrEqual(2 * sockets.length);
  // The test runner's own threads may open or close a file in between.
  expect(Math.abs(value - listed)).toBeLessThanOrEqual(2);
});
