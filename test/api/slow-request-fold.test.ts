/**
 * A burst that makes every request slow logs a bounded number of `slow request` lines and counts the rest
 * in `slow requests folded` warnings (decision 025): every slow request is accounted for, once. Read from
 * the JSON lines a real server writes while real requests arrive.
 */
import { expect, it } from 'vitest';
import { startTestServer } from '../support/server.js';
import { SLOW_LINES_PER_SECOND } from '../../src/server/http/request-logging.js';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  count?: number;
  maxTotalMs?: number;
  totalMs?: number;
}

const WARN = 40;
const REQUESTS = 120;

it('writes at most the bound of slow-request lines a second and counts the rest, each request once', async () => {
  const lines: LogLine[] = [];
  const server = await startTestServer({
    env: { LOG_LEVEL: 'info', SLOW_REQUEST_MS: '0' },
    logStream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) },
  });
  try {
    const answers = await Promise.all(Array.from({ length: REQUESTS }, () => fetch(`${server.url}/healthz`).then((r) => r.status)));
    expect(answers).toEqual(answers.map(() => 200));
  } finally {
    await server.close(); // the count of the last second goes out on close
  }
  const single = lines.filter((l) => l.msg === 'slow request');
  const folds = lines.filter((l) => l.msg === 'slow requests folded');
  // Every request is slow (threshold 0): each is a line of its own or counted in a fold, never both.
  expect(single.length + folds.reduce((n, l) => n + l.count!, 0)).toBe(REQUESTS);
  expect(new Set(single.map((l) => l.reqId)).size).toBe(single.length);
  expect(folds.length).toBeGreaterThan(0);
  expect(single.length).toBeLessThan(REQUESTS);
  expect(single.length).toBeGreaterThanOrEqual(SLOW_LINES_PER_SECOND); // a second folds only once its bound is written
  for (const fold of folds) {
    expect(fold.level).toBe(WARN);
    expect(fold.reqId).toMatch(/\S/);
    expect(fold.count).toBeGreaterThan(0);
    expect(fold.maxTotalMs).toBeGreaterThanOrEqual(0);
  }
});
