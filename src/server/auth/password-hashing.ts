/**
 * Password hashing takes turns. argon2 (@node-rs/argon2) runs on libuv's thread pool, four threads by
 * default, which file access and DNS share: a flood of sign-ins would otherwise hold every thread for
 * the flood's length and stall the rest of the server. At most two hashes run at once; a bounded queue
 * waits behind them; past that a sign-in is refused at once (UNAVAILABLE) instead of piling up. The
 * places are shared between client addresses (fair-gate.ts), so one address cannot hold them all.
 */
import { createRequire } from 'node:module';
import { concurrencyGate, type GateOptions } from './fair-gate.js';

const gate = concurrencyGate(2, 16);

// Loaded at the first sign-in, not at start: the native argon2 module is a tenth of an idle server's
// memory and only staff sign-ins use it (docs/benchmarks.md, start-up and idle). Required, not imported:
// the server bundle runs from V8's code cache, where import() has no loader (decision 029).
let argon2Module: typeof import('@node-rs/argon2') | undefined;
const argon2 = () => (argon2Module ??= createRequire(import.meta.url)('@node-rs/argon2') as typeof import('@node-rs/argon2'));

/** How many password checks really ran the hash (the sign-in limits are proven by reading it). */
export const hashingStats = { verifies: 0, hashes: 0 };

/**
 * New hashes (an account created, the one dummy hash for unknown names) are rare and must not fail, so
 * they wait their turn however long the queue.
 */
export function hashPassword(password: string): Promise<string> {
  return gate.run(async () => {
    hashingStats.hashes++;
    return (await argon2()).hash(password);
  }, { mayRefuse: false });
}

/**
 * False for a wrong password or an unreadable hash; throws only when the gate refuses. `turn`: whose turn
 * it is at the gate (the client address), and whether the gate may refuse it (a known device's sign-in
 * may not: decision 056).
 */
export function verifyPassword(hashed: string, password: string, turn: GateOptions = {}): Promise<boolean> {
  return gate.run(async () => {
    hashingStats.verifies++;
    return (await argon2()).verify(hashed, password).catch(() => false);
  }, turn);
}
