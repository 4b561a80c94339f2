/**
 * The monitor's call-out queue (issue 15; docs/decisions/024-callout.md), without the browser: which
 * call-outs of a snapshot are new, and a runner that announces them strictly one after another.
 * Overlapping and lost call-outs are what waiting rooms complain about most, hence one queue, in id order.
 */
import type { Callout } from '../../../shared/callout/types.js';
import { t } from '../labels.js';

/**
 * The call-outs of a snapshot not heard yet, and the new high-water mark. `heard` null means "just
 * connected": everything already on the snapshot counts as heard, so a reload or reconnect repeats nothing.
 */
export function newCallouts(heard: number | null, callouts: readonly Callout[]): { heard: number; due: Callout[] } {
  const top = callouts.reduce((max, c) => Math.max(max, c.id), 0);
  // A lower top than heard means the server's list started again (a restored or new database): start from it.
  if (heard === null || top < heard) return { heard: top, due: [] };
  const due = callouts.filter((c) => c.id > heard).sort((a, b) => a.id - b.id);
  return { heard: Math.max(heard, top), due };
}

/** How many times a call-out is spoken: a recall twice, so the patient who missed it the first time hears it. */
export function repeatsOf(callout: Callout): number {
  return callout.kind === 'recall' ? 2 : 1;
}

/**
 * The spoken sentence from the clinic's wording ({n} is the number, {queue} the queue's name). With several
 * queues (decision 061) the queue is always named: the default wording becomes 「予防接種の12番の方、…」, and
 * the clinic's own wording without {queue} is said after the queue's name. `queue` is absent for a
 * one-queue clinic, where {queue} says nothing.
 */
export function calloutSentence(template: string, n: number, queue?: string): string {
  const fill = (text: string) => text.split('{n}').join(String(n)).split('{queue}').join(queue ?? '');
  if (queue === undefined || template.includes('{queue}')) return fill(template);
  if (template === t('callout.defaultText', { n: '{n}' })) return t('callout.defaultTextQueue', { queue, n });
  return t('callout.queuePrefix', { queue, text: fill(template) });
}

/**
 * Announces call-outs one at a time, in the order they were added. `announce` resolves when its call-out has
 * been fully heard (chime and speech ended, or its safety timeout passed); the next starts only then.
 */
export class CalloutRunner {
  private readonly pending: Callout[] = [];
  private running = false;

  constructor(
    private readonly announce: (callout: Callout) => Promise<void>,
    private readonly idle: () => void = () => {},
  ) {}

  add(callouts: readonly Callout[]): void {
    this.pending.push(...callouts);
    if (!this.running) void this.drain();
  }

  get busy(): boolean {
    return this.running;
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      for (let next = this.pending.shift(); next; next = this.pending.shift()) {
        try {
          await this.announce(next);
        } catch {
          // One failed announcement (audio device gone) must not silence the ones behind it.
        }
      }
    } finally {
      this.running = false;
      this.idle();
    }
  }
}
