/**
 * The monitor's call-outs (issue 15; docs/decisions/024-callout.md). Each staff start, recall or 呼出 appends
 * one to the runtime row's short list, inside the action's own transaction: the public snapshot carries the
 * list, and the monitor speaks only ids it has not heard. Ids grow by one, so "newer" needs no clock.
 */
import { CALLOUT_RECENT_MAX, type Callout, type CalloutKind, type CalloutSettings } from '../../../shared/callout/types.js';
import { staffLabels } from '../../../shared/labels/staff.js';
import { label } from '../../../shared/labels/text.js';
import type { WriteContext } from '../../storage/port.js';
import type { RuntimeTable } from '../../storage/schema.js';

type CalloutColumns = Pick<RuntimeTable, 'callout_on' | 'callout_volume' | 'callout_text' | 'callout_recent'>;

export function recentCallouts(rt: Pick<RuntimeTable, 'callout_recent'>): Callout[] {
  if (!rt.callout_recent) return [];
  try {
    const parsed: unknown = JSON.parse(rt.callout_recent);
    return Array.isArray(parsed) ? (parsed as Callout[]) : [];
  } catch {
    return []; // a damaged list only costs the monitor its last few call-outs
  }
}

export function calloutSettings(rt: CalloutColumns): CalloutSettings {
  // The text keeps its {n}: the monitor puts each number in as it speaks.
  return { on: rt.callout_on === 1, volume: rt.callout_volume, text: rt.callout_text ?? label(staffLabels, 'ja', 'callout.defaultText', { n: '{n}' }) };
}

/** Appends a call-out to the list (the oldest falls off); the caller's own event republishes the snapshot. */
export async function recordCallout({ tx, runtime, now }: WriteContext, number: number, kind: CalloutKind): Promise<Callout> {
  const recent = recentCallouts(runtime);
  const callout: Callout = { id: (recent.at(-1)?.id ?? 0) + 1, number, kind, at: now };
  const next = [...recent, callout].slice(-CALLOUT_RECENT_MAX);
  await tx.updateTable('runtime').set({ callout_recent: JSON.stringify(next) }).where('id', '=', 1).execute();
  runtime.callout_recent = JSON.stringify(next);
  return callout;
}
