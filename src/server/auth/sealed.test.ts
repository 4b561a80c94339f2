import { describe, expect, it } from 'vitest';
import { sealer } from './sealed.js';

describe('sealed secrets', () => {
  const a = sealer('a-server-secret-of-enough-length-000', 'service-token');
  it('opens what it sealed, for the same row only, and never shows the value', () => {
    const sealed = a.seal('notification-token-xyz', 'slot-1');
    expect(sealed).not.toContain('notification-token-xyz');
    expect(Buffer.from(sealed.split('.')[2], 'base64url').toString()).not.toContain('notification');
    expect(a.open(sealed, 'slot-1')).toBe('notification-token-xyz');
    expect(a.open(sealed, 'slot-2')).toBeNull();
    expect(a.seal('same', 'slot-1')).not.toBe(a.seal('same', 'slot-1'));
  });
  it('does not open under another secret or purpose, nor a damaged value', () => {
    const sealed = a.seal('tok', 'slot-1');
    expect(sealer('another-server-secret-of-length-0000', 'service-token').open(sealed, 'slot-1')).toBeNull();
    expect(sealer('a-server-secret-of-enough-length-000', 'other').open(sealed, 'slot-1')).toBeNull();
    const parts = sealed.split('.');
    parts[2] = Buffer.from('tak').toString('base64url');
    expect(a.open(parts.join('.'), 'slot-1')).toBeNull();
    expect(a.open('garbage', 'slot-1')).toBeNull();
  });
});
