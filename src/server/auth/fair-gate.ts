/**
 * A gate that takes turns fairly between callers' keys (for sign-in: the client address). A plain FIFO
 * let one address that sent 30 sign-ins at once hold every running and waiting place, so everyone else
 * was refused as "busy" for as long as it kept sending (docs/decisions/044). Here:
 * - a freed place goes to the next key in turn (round robin), not to the oldest waiter, so a newcomer
 *   waits behind one caller of each other key, however many one key has queued;
 * - when the queue is full, a newcomer takes the newest waiting place of the key that holds the most
 *   places, if that key holds more than the newcomer would; that waiter is refused instead. A caller is
 *   refused only when no key holds more places than its own would.
 */
import { AppError } from '../errors.js';

export interface GateOptions {
  /** Whose turn this is (the client address); callers of one key share a turn. */
  key?: string;
  /** False: wait however long, never refused nor displaced (account creation, the dummy hash). */
  mayRefuse?: boolean;
}

export interface Gate {
  /** Runs `fn` when a place is free; refuses (UNAVAILABLE) when the queue is full and no key holds more. */
  run<T>(fn: () => Promise<T>, options?: GateOptions): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

interface Waiter {
  key: string;
  mayRefuse: boolean;
  admit(): void;
  refuse(err: AppError): void;
}

const busy = () => new AppError('UNAVAILABLE', 'error.signInBusy');

export function concurrencyGate(maxRunning: number, maxWaiting: number): Gate {
  let running = 0;
  let waiting = 0;
  /** Places (running and waiting) held per key. */
  const held = new Map<string, number>();
  /** Waiters per key; the map's order is the order of turns. */
  const queues = new Map<string, Waiter[]>();

  const hold = (key: string, delta: number) => {
    const n = (held.get(key) ?? 0) + delta;
    if (n > 0) held.set(key, n);
    else held.delete(key);
  };

  function enqueue(waiter: Waiter) {
    const queue = queues.get(waiter.key);
    if (queue) queue.push(waiter);
    else queues.set(waiter.key, [waiter]);
    waiting++;
  }

  /** The first waiter of the key whose turn it is; that key goes to the back of the turns. */
  function nextInTurn(): Waiter | undefined {
    const first = queues.entries().next();
    if (first.done) return undefined;
    const [key, queue] = first.value;
    const waiter = queue.shift()!;
    queues.delete(key);
    if (queue.length > 0) queues.set(key, queue);
    waiting--;
    return waiter;
  }

  /** Refuses the newest displaceable waiter of the key holding the most places, if it holds more than `key` would. */
  function displaceFor(key: string): boolean {
    let victim: Waiter[] | undefined;
    let most = (held.get(key) ?? 0) + 1;
    for (const [k, queue] of queues) {
      const places = held.get(k) ?? 0;
      if (places > most && queue.some((w) => w.mayRefuse)) [victim, most] = [queue, places];
    }
    if (!victim) return false;
    const index = victim.findLastIndex((w) => w.mayRefuse);
    const [displaced] = victim.splice(index, 1);
    if (victim.length === 0) queues.delete(displaced.key);
    waiting--;
    hold(displaced.key, -1);
    displaced.refuse(busy());
    return true;
  }

  return {
    async run(fn, { key = '', mayRefuse = true } = {}) {
      if (running < maxRunning) {
        running++;
        hold(key, 1);
      } else {
        if (waiting >= maxWaiting && mayRefuse && !displaceFor(key)) throw busy();
        hold(key, 1);
        // Resolved when handed a place (the running count passes with it), rejected when displaced.
        await new Promise<void>((admit, refuse) => enqueue({ key, mayRefuse, admit, refuse }));
      }
      try {
        return await fn();
      } finally {
        hold(key, -1);
        const next = nextInTurn();
        if (next) next.admit();
        else running--;
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting;
    },
  };
}
