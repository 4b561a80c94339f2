/**
 * Group commit (decision 028): the runtime row lock serialises writers anyway (decision 001), so while
 * this process writes one batch the allocations that arrive wait here, holding no pool connection, and
 * are then written together in ONE transaction (up to MAX_BATCH, in arrival order). The writer answers
 * each item on its own; if it throws, every item of that batch gets the error.
 */

/** At most this many waiting allocations are written in one transaction (decision 028). */
const MAX_BATCH = 64;

/** One request's answer from a batch: its own value, or its own refusal. */
export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

export type BatchWriter<T, R> = (items: T[]) => Promise<Settled<R>[]>;

/** Queues items for `write`; each call's promise settles with its own item's answer. */
export function groupCommit<T, R>(write: BatchWriter<T, R>): (item: T) => Promise<R> {
  type Waiting = { item: T; resolve: (value: R) => void; reject: (error: unknown) => void };
  const waiting: Waiting[] = [];
  let writing = false;

  async function drain() {
    try {
      while (waiting.length > 0) {
        const batch = waiting.splice(0, MAX_BATCH);
        let answers: Settled<R>[];
        try {
          answers = await write(batch.map((w) => w.item));
        } catch (error) {
          answers = batch.map(() => ({ ok: false, error }));
        }
        batch.forEach((w, i) => {
          const answer = answers[i];
          if (answer?.ok) w.resolve(answer.value);
          else w.reject(answer ? answer.error : new Error('the batch gave no answer for this item'));
        });
      }
    } finally {
      writing = false;
    }
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (writing) return;
      writing = true;
      // After the requests already read from their sockets in this turn of the event loop: they join.
      setImmediate(() => void drain());
    });
}
