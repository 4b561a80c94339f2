/** The monitor's spoken call-out (issue 15): what travels on the public snapshot. No owner data, numbers only. */
export type CalloutKind = 'start' | 'recall' | 'call';

export interface Callout {
  /** Grows by one with every call-out: the monitor speaks only ids above the highest it has already heard. */
  id: number;
  number: number;
  kind: CalloutKind;
  /** ISO time the staff action happened. */
  at: string;
}

export interface CalloutSettings {
  on: boolean;
  /** 0–100. */
  volume: number;
  /** The spoken sentence; `{n}` is the number. */
  text: string;
}

export const CALLOUT_RECENT_MAX = 5;
export const CALLOUT_TEXT_MAX = 100;
export const CALLOUT_DEFAULTS = { on: true, volume: 80 } as const;
