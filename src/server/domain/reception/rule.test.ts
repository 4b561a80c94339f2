import { describe, expect, it } from 'vitest';
import { decideSwitch, manualColumn } from './rule.js';

const off = { inhouse_on: 0, online_on: 0, current_session_id: null };
const inhouse = { inhouse_on: 1, online_on: 0, current_session_id: 's1' };
const both = { ...inhouse, online_on: 1 };
const counts = { activeReservations: 0, numbersPerSession: 200 };

describe('decideSwitch', () => {
  it('opens a session of the calendar’s size when in-house starts', () => {
    expect(decideSwitch('startInhouse', off, counts)).toEqual({
      change: { name: 'startInhouse', set: { inhouse_on: 1 }, openSession: { numbers: 200 }, closeSession: null },
    });
  });

  it('closes the current session when in-house ends with nobody waiting', () => {
    expect(decideSwitch('endInhouse', inhouse, counts)).toEqual({
      change: { name: 'endInhouse', set: { inhouse_on: 0 }, openSession: null, closeSession: 's1' },
    });
  });

  it('turns online on and off', () => {
    expect(decideSwitch('startOnline', inhouse, counts)).toEqual({
      change: { name: 'startOnline', set: { online_on: 1 }, openSession: null, closeSession: null },
    });
    expect(decideSwitch('endOnline', both, counts)).toEqual({
      change: { name: 'endOnline', set: { online_on: 0 }, openSession: null, closeSession: null },
    });
  });

  it('changes nothing when reception is already so', () => {
    expect(decideSwitch('startInhouse', inhouse, counts)).toEqual({ change: null });
    expect(decideSwitch('endInhouse', off, { ...counts, activeReservations: 3 })).toEqual({ change: null });
    expect(decideSwitch('startOnline', both, counts)).toEqual({ change: null });
    expect(decideSwitch('endOnline', inhouse, counts)).toEqual({ change: null });
  });

  it('refuses online without in-house, and ending in-house while online is open or patients wait', () => {
    expect(decideSwitch('startOnline', off, counts)).toEqual({ refusal: 'inhouseStopped' });
    expect(decideSwitch('endInhouse', both, counts)).toEqual({ refusal: 'onlineOpen' });
    expect(decideSwitch('endInhouse', inhouse, { ...counts, activeReservations: 1 })).toEqual({ refusal: 'reservationsExist' });
  });

  it('records a hand on the switch per family', () => {
    expect(manualColumn('startOnline')).toBe('online_manual_at');
    expect(manualColumn('endInhouse')).toBe('inhouse_manual_at');
  });
});
