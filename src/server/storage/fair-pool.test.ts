import { describe, expect, it } from 'vitest';
import { fairGate } from './fair-pool.js';

/** Entries still pending after the microtasks settle. */
async function settled(promises: Promise<void>[]): Promise<boolean[]> {
  const done = promises.map(() => false);
  promises.forEach((p, i) => void p.then(() => (done[i] = true), () => {}));
  await new Promise((r) => setImmediate(r));
  return done;
}

describe('fairGate', () => {
  it('lets one clinic through up to the whole pool, then in the order it asked', async () => {
    const gate = fairGate(3, 1000);
    const entries = [1, 2, 3, 4, 5].map(() => gate.enter('a'));
    expect(await settled(entries)).toEqual([true, true, true, false, false]);
    gate.leave('a');
    expect(await settled(entries)).toEqual([true, true, true, true, false]);
  });

  it("serves a quiet clinic's one acquisition before a busy clinic's many waiting ones", async () => {
    const gate = fairGate(4, 1000);
    const busy = Array.from({ length: 10 }, () => gate.enter('a'));
    expect((await settled(busy)).filter(Boolean)).toHaveLength(4);
    const quiet = gate.enter('b');
    gate.leave('a');
    expect(await settled([quiet])).toEqual([true]);
    // The busy clinic is back to its share (3 of 4) while b holds one.
    expect(gate.state.held.get('a')).toBe(3);
  });

  it('keeps a connection free for another clinic while one holds its share', async () => {
    const gate = fairGate(4, 1000);
    await gate.enter('b');
    gate.leave('b');
    const busy = Array.from({ length: 5 }, () => gate.enter('a'));
    expect((await settled(busy)).filter(Boolean)).toHaveLength(3);
    // The fourth connection is free, and it is the quiet clinic's at once.
    expect(await settled([gate.enter('b')])).toEqual([true]);
  });

  it("never counts the deployment's own connections as another clinic", async () => {
    const gate = fairGate(4, 1000);
    await gate.enter('*');
    gate.leave('*');
    const alone = Array.from({ length: 4 }, () => gate.enter('a'));
    expect(await settled(alone)).toEqual([true, true, true, true]);
  });

  it('turns waiting clinics round, one acquisition each', async () => {
    const gate = fairGate(1, 1000);
    await gate.enter('x');
    const order: string[] = [];
    const wait = (clinic: string) => gate.enter(clinic).then(() => order.push(clinic));
    const all = [wait('a'), wait('a'), wait('a'), wait('b'), wait('c')];
    for (let i = 0; i < 5; i++) {
      gate.leave(i === 0 ? 'x' : order[i - 1]);
      await settled([]);
    }
    await Promise.all(all);
    expect(order).toEqual(['a', 'b', 'c', 'a', 'a']);
  });

  it('gives up after the timeout with the words the store reads as unavailable, holding nothing', async () => {
    const gate = fairGate(1, 20);
    await gate.enter('a');
    await expect(gate.enter('b')).rejects.toThrow(/timeout exceeded when trying to connect/);
    expect(gate.state.waiting.size).toBe(0);
    gate.leave('a');
    expect(gate.state.held.size).toBe(0);
    await gate.enter('b');
    expect(gate.state.held.get('b')).toBe(1);
  });
});
