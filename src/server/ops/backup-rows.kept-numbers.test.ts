/**
 * Numbers kept for the desk and the online cap (migration 0012) in backups: kept when present, a file
 * written before them restores with both off, and a value the server never writes refuses the file.
 */
import { describe, expect, it } from 'vitest';
import { ROW_SCHEMAS } from './backup-rows.js';

const before0012 = { id: 1, inhouse_on: 0, online_on: 0, current_session_id: null, version: 3, line_ahead5_on: 1, line_recall_on: 1 };

describe('backup rows of the kept-numbers settings', () => {
  it('reads a runtime row written before migration 0012 with both settings off, and keeps them when present', () => {
    expect(ROW_SCHEMAS.runtime.parse(before0012)).toMatchObject({ keep_every: 0, online_cap: 0 });
    expect(ROW_SCHEMAS.runtime.parse({ ...before0012, keep_every: 3, online_cap: 120 })).toMatchObject({ keep_every: 3, online_cap: 120 });
  });

  it('refuses what the server never writes', () => {
    for (const bad of [{ keep_every: 1 }, { keep_every: 11 }, { keep_every: -3 }, { online_cap: 201 }, { online_cap: -1 }, { online_cap: 2.5 }]) {
      expect(ROW_SCHEMAS.runtime.safeParse({ ...before0012, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
