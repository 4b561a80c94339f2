import { describe, expect, it } from 'vitest';
import { DEPLOYMENT, mayTake, nextClinic, type PoolState, shareOf } from './fair-pool-rule.js';

const state = (size: number, held: Record<string, number>, waiting: Record<string, number> = {}): PoolState => ({
  size,
  held: new Map(Object.entries(held)),
  waiting: new Map(Object.entries(waiting)),
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
  it('lets a clinic alone take every connection of the pool', () => {
    expect(mayTake(state(20, { a: 19 }), 'a')).toBe(true);
    expect(mayTake(state(20, { a: 20 }), 'a')).toBe(false);
  });

  it('the deployment reading its clinic list does not cut a lone clinic to its share', () => {
    expect(mayTake(state(20, { a: 16, [DEPLOYMENT]: 1 }), 'a')).toBe(true);
    expect(mayTake(state(20, { a: 16 }, { [DEPLOYMENT]: 1 }), 'a')).toBe(true);
  });

  it('holds a clinic to its share while another clinic holds or waits for a connection', () => {
    expect(mayTake(state(20, { a: 15, b: 1 }), 'a')).toBe(false);
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
