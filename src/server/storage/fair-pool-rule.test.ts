import { describe, expect, it } from 'vitest';
import { DEPLOYMENT, mayTake, nextClinic, type PoolState, shareOf } from './fair-pool-rule.js';

const state = (size: number, held: Record<string, number>, waiting: Record<string, number> = {}, clinics = 2): PoolState => ({
  size,
  held: new Map(Object.entries(held)),
  waiting: new Map(Object.entries(waiting)),
  clinics,
});

describe('shareOf', () => {
  it('keeps a quarter of the pool back, at least one connection', () => {
    expect(shareOf(20)).toBe(15);
    expect(shareOf(4)).toBe(3);
    expect(shareOf(2)).toBe(1);
    expect(shareOf(1)).toBe(1);
  });
});

describe('mayTake', () => {
  it("lets a one-clinic process's clinic take every connection of the pool", () => {
    expect(mayTake(state(20, { a: 19 }, {}, 1), 'a')).toBe(true);
    expect(mayTake(state(20, { a: 20 }, {}, 1), 'a')).toBe(false);
  });

  it('the deployment reading its clinic list takes a free connection and leaves a lone clinic its whole pool', () => {
    expect(mayTake(state(20, { a: 16, [DEPLOYMENT]: 1 }, {}, 1), 'a')).toBe(true);
    expect(mayTake(state(20, { a: 16 }, {}, 1), DEPLOYMENT)).toBe(true);
    expect(mayTake(state(20, { a: 19, [DEPLOYMENT]: 1 }, {}, 1), 'a')).toBe(false);
  });

  it('holds a clinic to its share in a process of several clinics, even with nobody else waiting', () => {
    expect(mayTake(state(20, { a: 15 }), 'a')).toBe(false);
    expect(mayTake(state(20, { a: 15 }, { b: 1 }), 'a')).toBe(false);
    expect(mayTake(state(20, { a: 14, b: 1 }), 'a')).toBe(true);
  });

  it('lets the quiet clinic take what its busy neighbour left free', () => {
    expect(mayTake(state(20, { a: 15 }), 'b')).toBe(true);
    expect(mayTake(state(20, { a: 19 }), 'b')).toBe(true);
  });

  it('never lets more through than the pool holds', () => {
    expect(mayTake(state(20, { a: 15, b: 5 }), 'b')).toBe(false);
    expect(mayTake(state(20, { a: 20 }), 'b')).toBe(false);
  });
});

describe('nextClinic', () => {
  it('serves the waiting clinics in their turn, not by how many each has waiting', () => {
    expect(nextClinic(state(20, { a: 19 }, { a: 100, b: 1 }), ['a', 'b'])).toBe('b');
    expect(nextClinic(state(20, { a: 10, b: 1 }, { a: 100, b: 1 }), ['a', 'b'])).toBe('a');
  });

  it('skips a clinic at its share for one within its share', () => {
    expect(nextClinic(state(20, { a: 15, b: 2 }, { a: 5, b: 1 }), ['a', 'b'])).toBe('b');
  });

  it('gives nothing when the pool is full or nobody waits', () => {
    expect(nextClinic(state(20, { a: 15, b: 5 }, { a: 1, b: 1 }), ['a', 'b'])).toBeNull();
    expect(nextClinic(state(20, { a: 1 }), [])).toBeNull();
  });
});
