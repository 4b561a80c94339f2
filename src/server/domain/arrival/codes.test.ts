import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkinCodeMatches, currentMonitorCode, deskCode, legacyMonitorKey, MONITOR_WINDOW_MS, monitorCode, monitorKeyMatches, monitorWindow,
  normalizeCode,
} from './codes.js';
import { newSecretValue as newCheckinSecret } from './keys.js';

const SECRET = 'a'.repeat(64);
/** 2026-11-22 12:02:30 Tokyo: the middle of a five-minute window. */
const NOW = Date.parse('2026-11-22T03:02:30Z');

/** The digest as a big-endian number mod m, by Horner's rule over its bytes: the documented formula, computed another way. */
function reference(message: string, m: number): number {
  let n = 0;
  for (const byte of createHmac('sha256', SECRET).update(message).digest()) n = (n * 256 + byte) % m;
  return n;
}

describe('check-in codes', () => {
  it('are HMAC-SHA256 of the secret, as a number modulo 10,000 (monitor) or 1,000,000 (desk), zero-padded', () => {
    const window = monitorWindow(NOW);
    expect(window).toBe(Math.floor(NOW / 300_000));
    expect(monitorCode(SECRET, window)).toBe(String(reference(`monitor:${window}`, 10_000)).padStart(4, '0'));
    expect(deskCode(SECRET)).toBe(String(reference('desk', 1_000_000)).padStart(6, '0'));
    expect(legacyMonitorKey(SECRET)).toBe(createHmac('sha256', SECRET).update('monitor-key').digest('hex'));
    for (let w = window; w < window + 50; w++) expect(monitorCode(SECRET, w)).toMatch(/^\d{4}$/);
    expect(deskCode(SECRET)).toMatch(/^\d{6}$/);
  });

  it('change with the secret: a renewed secret gives other codes', () => {
    const other = newCheckinSecret();
    expect(other).toMatch(/^[0-9a-f]{64}$/);
    expect(other).not.toBe(newCheckinSecret());
    const window = monitorWindow(NOW);
    const codes = (s: string) => [deskCode(s), ...Array.from({ length: 5 }, (_, i) => monitorCode(s, window + i))];
    expect(codes(other)).not.toEqual(codes(SECRET));
    // The monitor's key is its own value (keys.ts): matched as it is stored, never derived.
    expect(monitorKeyMatches(other, SECRET)).toBe(false);
    expect(monitorKeyMatches(SECRET, SECRET)).toBe(true);
    expect(monitorKeyMatches(null, SECRET)).toBe(false);
  });

  it('tell the monitor its code and when the next one takes over', () => {
    expect(currentMonitorCode(SECRET, NOW)).toEqual({ code: monitorCode(SECRET, monitorWindow(NOW)), until: '2026-11-22T03:05:00.000Z' });
    // The last millisecond of a window still shows it; the next one begins on the boundary.
    expect(currentMonitorCode(SECRET, Date.parse('2026-11-22T03:04:59.999Z')).until).toBe('2026-11-22T03:05:00.000Z');
    expect(currentMonitorCode(SECRET, Date.parse('2026-11-22T03:05:00Z')).until).toBe('2026-11-22T03:10:00.000Z');
  });

  it('accept the desk code and the monitor code of this window and the one before, nothing older or newer', () => {
    const window = monitorWindow(NOW);
    expect(checkinCodeMatches(SECRET, deskCode(SECRET), NOW)).toBe(true);
    expect(checkinCodeMatches(SECRET, monitorCode(SECRET, window), NOW)).toBe(true);
    expect(checkinCodeMatches(SECRET, monitorCode(SECRET, window - 1), NOW)).toBe(true);
    // Two windows back is stale, the next window's not yet shown — unless it happens to equal a code in force.
    const inForce = new Set([monitorCode(SECRET, window), monitorCode(SECRET, window - 1)]);
    for (const w of [window - 2, window + 1]) {
      const code = monitorCode(SECRET, w);
      expect(checkinCodeMatches(SECRET, code, NOW), `window ${w - window}`).toBe(inForce.has(code));
    }
    expect(checkinCodeMatches(SECRET, monitorCode(SECRET, window - 1), NOW + 2 * MONITOR_WINDOW_MS)).toBe(false);
  });

  it('refuse anything else, and every code while there is no secret', () => {
    const inForce = new Set([deskCode(SECRET), monitorCode(SECRET, monitorWindow(NOW)), monitorCode(SECRET, monitorWindow(NOW) - 1)]);
    const wrong = Array.from({ length: 10_000 }, (_, i) => String(i).padStart(4, '0')).filter((c) => !inForce.has(c));
    // Of all 10,000 four-digit codes, exactly the monitor's one or two in force are right.
    expect(wrong.length).toBeGreaterThanOrEqual(9_998);
    expect(wrong.some((c) => checkinCodeMatches(SECRET, c, NOW))).toBe(false);
    for (const junk of ['', 'abcd', '12 34x', deskCode(SECRET).slice(1), `${deskCode(SECRET)}0`]) {
      expect(checkinCodeMatches(SECRET, junk, NOW), junk).toBe(false);
    }
    expect(checkinCodeMatches(null, deskCode(SECRET), NOW)).toBe(false);
  });

  it('read full-width digits and ignore spaces and hyphens a patient types', () => {
    expect(normalizeCode('１２３４')).toBe('1234');
    expect(normalizeCode(' 12-34 ')).toBe('1234');
    expect(normalizeCode('123 456')).toBe('123456');
    const desk = deskCode(SECRET);
    const fullWidth = [...desk].map((d) => String.fromCharCode(0xff10 + Number(d))).join('');
    expect(checkinCodeMatches(SECRET, `${fullWidth.slice(0, 3)} ${fullWidth.slice(3)}`, NOW)).toBe(true);
  });
});
