import { describe, expect, it } from 'vitest';
import type { Callout } from '../../../shared/callout/types.js';
import { CalloutRunner, calloutSentence, newCallouts, repeatsOf } from './callout-queue.js';

const at = '2026-11-23T01:00:00.000Z';
const c = (id: number, number: number, kind: Callout['kind'] = 'start'): Callout => ({ id, number, kind, at });

/** An announce that stays open until the test ends it, recording starts and ends in one log. */
function recorder() {
  const log: string[] = [];
  const open = new Map<number, () => void>();
  const announce = (callout: Callout) =>
    new Promise<void>((resolve) => {
      log.push(`start ${callout.number}`);
      open.set(callout.id, () => {
        log.push(`end ${callout.number}`);
        resolve();
      });
    });
  const finish = async (id: number) => {
    open.get(id)?.();
    open.delete(id);
    await new Promise((r) => setTimeout(r, 0));
  };
  return { log, open, announce, finish };
}

describe('newCallouts', () => {
  it('takes the first snapshot after connecting as already heard', () => {
    expect(newCallouts(null, [c(1, 5), c(2, 6)])).toEqual({ heard: 2, due: [] });
    expect(newCallouts(null, [])).toEqual({ heard: 0, due: [] });
  });

  it('returns only newer call-outs, in id order', () => {
    expect(newCallouts(2, [c(1, 5), c(2, 6), c(4, 8), c(3, 7)])).toEqual({ heard: 4, due: [c(3, 7), c(4, 8)] });
    expect(newCallouts(4, [c(3, 7), c(4, 8)])).toEqual({ heard: 4, due: [] });
  });

  it('skips old call-outs after a reconnect (heard reset to null), then hears the next new one', () => {
    const before = newCallouts(2, [c(1, 5), c(2, 6), c(3, 7)]);
    expect(before.due.map((x) => x.number)).toEqual([7]);
    const reconnected = newCallouts(null, [c(2, 6), c(3, 7), c(4, 8)]);
    expect(reconnected.due).toEqual([]);
    expect(newCallouts(reconnected.heard, [c(3, 7), c(4, 8), c(5, 9)]).due).toEqual([c(5, 9)]);
  });

  it('starts again from the server when its list went back (a new database)', () => {
    expect(newCallouts(40, [c(1, 3)])).toEqual({ heard: 1, due: [] });
  });
});

describe('repeatsOf and calloutSentence', () => {
  it('speaks a recall twice, a start or a call once', () => {
    expect([repeatsOf(c(1, 1, 'recall')), repeatsOf(c(1, 1, 'start')), repeatsOf(c(1, 1, 'call'))]).toEqual([2, 1, 1]);
  });
  it('puts the number in the wording', () => {
    expect(calloutSentence('受付番号 {n}番の方、診察室へお入りください', 23)).toBe('受付番号 23番の方、診察室へお入りください');
  });
  it('names the queue when the clinic has several: the default wording with it, the clinic’s own after it', () => {
    expect(calloutSentence('受付番号 {n}番の方、診察室へお入りください', 512, '予防接種')).toBe('予防接種の512番の方、診察室へお入りください');
    expect(calloutSentence('{n}番の方、2番診察室へどうぞ', 512, '予防接種')).toBe('予防接種、512番の方、2番診察室へどうぞ');
    expect(calloutSentence('{queue}でお待ちの{n}番の方、どうぞ', 512, '予防接種')).toBe('予防接種でお待ちの512番の方、どうぞ');
    // One queue: {queue} in a wording kept from a clinic of several says nothing.
    expect(calloutSentence('{queue}{n}番の方、どうぞ', 12)).toBe('12番の方、どうぞ');
  });
});

describe('CalloutRunner', () => {
  it('announces in order and never starts one before the previous has ended', async () => {
    const r = recorder();
    let idles = 0;
    const runner = new CalloutRunner(r.announce, () => idles++);
    runner.add([c(1, 23)]);
    runner.add([c(2, 24), c(3, 25)]);
    expect(r.log).toEqual(['start 23']);
    await r.finish(1);
    expect(r.log).toEqual(['start 23', 'end 23', 'start 24']);
    await r.finish(2);
    await r.finish(3);
    expect(r.log).toEqual(['start 23', 'end 23', 'start 24', 'end 24', 'start 25', 'end 25']);
    expect(idles).toBe(1);
    expect(runner.busy).toBe(false);
  });

  it('goes on after an announcement fails', async () => {
    const heard: number[] = [];
    const runner = new CalloutRunner(async (x) => {
      if (x.number === 1) throw new Error('audio device gone');
      heard.push(x.number);
    });
    runner.add([c(1, 1), c(2, 2)]);
    await new Promise((r) => setTimeout(r, 0));
    expect(heard).toEqual([2]);
  });
});
