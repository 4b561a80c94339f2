/**
 * The process metrics are written by us with prom-client's default names, help texts, types and labels
 * (decision 034; decision 027 already read the handle and resource lists once per scrape and counted
 * descriptors without listing them): the same families as a registry with prom-client's own
 * collectDefaultMetrics, the by-type counts add up to the totals, the descriptor count is the listing's,
 * CPU counts from the process's start, the event loop's delays start again after each scrape, and
 * collections are observed by kind.
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

it('counts CPU time from the start of the process, as process.cpuUsage() does', async () => {
  const before = process.cpuUsage();
  const samples = parseMetrics(await createMetrics().text());
  const after = process.cpuUsage();
  const user = samples.find((s) => s.name === 'process_cpu_user_seconds_total')?.value ?? -1;
  const all = samples.find((s) => s.name === 'process_cpu_seconds_total')?.value ?? -1;
  expect(user).toBeGreaterThanOrEqual(before.user / 1e6);
  expect(user).toBeLessThanOrEqual(after.user / 1e6);
  expect(all).toBeGreaterThanOrEqual((before.user + before.system) / 1e6);
});

it("records the event loop's delays between scrapes, and starts again after each", async () => {
  const metrics = createMetrics();
  await metrics.text();
  // Some 10 ms samples, then the loop held for 300 ms (far past what a loaded test machine stalls by
  // itself): the next sample records that delay.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const until = performance.now() + 300;
  while (performance.now() < until);
  await new Promise((resolve) => setTimeout(resolve, 30));
  const first = parseMetrics(await metrics.text());
  const value = (samples: Sample[], stat: string) => samples.find((s) => s.name === `nodejs_eventloop_lag_${stat}_seconds`)?.value ?? -1;
  expect(value(first, 'max')).toBeGreaterThanOrEqual(0.295);
  expect(value(first, 'min')).toBeGreaterThanOrEqual(0.005);
  expect(value(first, 'p50')).toBeLessThan(value(first, 'max'));
  expect(value(first, 'stddev')).toBeGreaterThan(0);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const second = parseMetrics(await metrics.text());
  expect(value(second, 'max')).toBeGreaterThanOrEqual(0.005);
  expect(value(second, 'max')).toBeLessThan(0.295);
  expect(second.find((s) => s.name === 'nodejs_eventloop_lag_seconds')?.value).toBeGreaterThanOrEqual(0);
  metrics.stop();
});

it('observes garbage collections by kind', async () => {
  const metrics = createMetrics();
  // Short-lived garbage well past the young generation's size: scavenges must run.
  let kept = 0;
  for (let i = 0; i < 200_000; i++) kept += new Array(64).fill(i).length;
  expect(kept).toBe(200_000 * 64);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const samples = parseMetrics(await metrics.text());
  const minor = samples.find((s) => s.name === 'nodejs_gc_duration_seconds_count' && s.labels.kind === 'minor')?.value ?? 0;
  expect(minor).toBeGreaterThan(0);
  const inf = samples.find((s) => s.name === 'nodejs_gc_duration_seconds_bucket' && s.labels.kind === 'minor' && s.labels.le === '+Inf')?.value;
  expect(inf).toBe(minor);
  metrics.stop();
});
