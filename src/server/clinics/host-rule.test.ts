import { describe, expect, it } from 'vitest';
import { clinicForHost, type ClinicDirectory, plainHost } from './host-rule.js';

const directory = (hosts: [string, string][], clinics: [string, boolean][]): ClinicDirectory => ({
  hosts: new Map(hosts),
  clinics: new Map(clinics.map(([id, disabled]) => [id, { disabled }])),
});

describe('plainHost', () => {
  it('drops the port, the case and a trailing dot, and keeps an IPv6 literal whole', () => {
    expect(plainHost('Clinic-A.Example.JP.:8443')).toBe('clinic-a.example.jp');
    expect(plainHost('localhost:3000')).toBe('localhost');
    expect(plainHost('[::1]:3000')).toBe('[::1]');
    expect(plainHost(undefined)).toBe('');
  });
});

describe('clinicForHost', () => {
  it('lets the clinic `default` answer every host while it has none of its own, as a one-clinic server did', () => {
    const one = directory([], [['default', false]]);
    expect(clinicForHost('localhost', one)).toEqual({ kind: 'open', clinic: 'default' });
    expect(clinicForHost('192.0.2.1', one)).toEqual({ kind: 'open', clinic: 'default' });
    const two = directory([['b.example.jp', 'clinic-b']], [['default', false], ['clinic-b', false]]);
    expect(clinicForHost('b.example.jp', two)).toEqual({ kind: 'open', clinic: 'clinic-b' });
    expect(clinicForHost('anything.example', two)).toEqual({ kind: 'open', clinic: 'default' });
  });

  it('knows no unlisted host once `default` has a host, or when there is no `default`', () => {
    const listed = directory([['a.example.jp', 'default'], ['b.example.jp', 'clinic-b']], [['default', false], ['clinic-b', false]]);
    expect(clinicForHost('a.example.jp', listed)).toEqual({ kind: 'open', clinic: 'default' });
    expect(clinicForHost('c.example.jp', listed)).toEqual({ kind: 'unknown' });
    expect(clinicForHost('x', directory([], [['clinic-b', false]]))).toEqual({ kind: 'unknown' });
  });

  it('says closed for a disabled clinic, its listed hosts and (for `default`) every other', () => {
    const off = directory([['b.example.jp', 'clinic-b']], [['default', true], ['clinic-b', true]]);
    expect(clinicForHost('b.example.jp', off)).toEqual({ kind: 'closed', clinic: 'clinic-b' });
    expect(clinicForHost('localhost', off)).toEqual({ kind: 'closed', clinic: 'default' });
  });
});
