/**
 * Staff sign-in attacks over HTTP, as one or several client addresses behind a trusted proxy (the test
 * sends X-Forwarded-For; the server must trust its peer, TRUST_PROXY). Shared by the in-process tests and
 * the process tests on both stores.
 */
import { randomUUID } from 'node:crypto';
import { staffLogin } from './client.js';

/** One sign-in from `ip`; resolves to the HTTP status. */
export const signInFrom = (url: string, ip: string, password: string, username = 'desk') =>
  staffLogin(url, username, password, { 'x-forwarded-for': ip }).then(({ status }) => status);

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The sign-in limits count in fixed 15-minute windows of the clock (abuse/limits.ts `inWindow`). */
const LIMIT_WINDOW_MS = 15 * 60_000;

/**
 * Resolves once at least `clearMs` remain before the limits' next window edge, waiting for the edge to pass
 * if it is nearer. An attack that straddled an edge would meet fresh counters halfway (CI once saw the
 * capped address hashing again at 16:00:00); the server reads the same clock as the test.
 */
export async function awayFromWindowEdge(clearMs = 75_000): Promise<void> {
  const toEdge = LIMIT_WINDOW_MS - (Date.now() % LIMIT_WINDOW_MS);
  if (toEdge < clearMs) await pause(toEdge + 50);
}

/** `workers` sign-ins at a time from `ip` under random user names, each sent again when answered, until stopped. */
export function flood(url: string, ip: string, workers: number) {
  const statuses: number[] = [];
  let stopped = false;
  const worker = async () => {
    while (!stopped) statuses.push(await signInFrom(url, ip, 'guess', `u${randomUUID().slice(0, 12)}`));
  };
  const running = Promise.all(Array.from({ length: workers }, worker));
  return {
    statuses,
    /**
     * Resolves once the flood has met a limit: the gate refused one of its sign-ins (every place was
     * taken) or the address's cap did. With the cap unreachable, that means the gate is full.
     */
    async atCapacity() {
      while (!statuses.includes(503) && !statuses.includes(429)) await pause(5);
    },
    /**
     * Waits (at most `ms`) until the flood's last `workers` answers are all refusals by the limit; true when
     * they were. Read it then, not after `stop`: sign-ins the cap let through before it closed may still be
     * waiting for the hash and answer 401 after later ones were refused.
     */
    async capped(ms = 20_000) {
      const deadline = Date.now() + ms;
      while (statuses.slice(-workers).some((st) => st !== 429) && Date.now() < deadline) await pause(10);
      return statuses.slice(-workers).every((st) => st === 429);
    },
    async stop() {
      stopped = true;
      await running;
    },
  };
}

/**
 * Wrong passwords at `username` from `ip`, two at a time, until a limit refuses (429); a busy gate's
 * refusal (503) is sent again. Resolves to how many reached the hash (401).
 */
export async function failuresFrom(url: string, ip: string, username = 'desk'): Promise<number> {
  let failed = 0;
  const worker = async () => {
    for (;;) {
      const status = await signInFrom(url, ip, `wrong from ${ip}`, username);
      if (status === 429) return;
      if (status === 401) failed++;
      else if (status !== 503) throw new Error(`unexpected ${status} from ${ip}`);
    }
  };
  await Promise.all([worker(), worker()]);
  return failed;
}
