/**
 * The metrics bench's printed openings and the pool's parser (bench/lib/metrics-compare.ts, bench/records/037):
 * the pooled verdict is computed from what runs printed, so what one prints the other must read back
 * whole, each process a unit, and the runs of a pool kept apart.
 */
import { describe, expect, it } from 'vitest';
import { comparisonRows, type Figures, openingLine, parseOpenings } from '../../bench/lib/metrics-compare.js';

// Values with one decimal, as the line prints them (ms() keeps one decimal at 10 ms and above).
const fig = (base: number): Figures => ({ p99: base + 0.1, p50: base / 2, serverCpuMs: base * 2 + 0.3, mainCpuMs: base + 0.5, v8CpuMs: base - 0.7 });

function printedRun(kind: string, shift: number): string {
  const lines = [openingLine(kind, '#1', 'cold', fig(200 + shift), fig(210 + shift))];
  for (let i = 5; i < 8; i++) lines.push(openingLine(kind, '#1', `warm opening ${i}`, fig(70 + i + shift), fig(72 + i + shift)));
  for (let i = 5; i < 8; i++) lines.push(openingLine(kind, '#2', `warm opening ${i}`, fig(80 + i + shift), fig(81 + i + shift)));
  lines.push(openingLine(kind, 'cold-only #1', 'cold', fig(220 + shift), fig(230 + shift)));
  // Lines of other scenarios, and the bench's own report, are not openings.
  lines.push('    burst sqlite #4 warm: p99 222.9 ms vs floor 61.3 ms', '  [MET] 1m burst, metrics (sqlite) · cold: p99 latency');
  return lines.join('\n');
}

describe('the metrics pool reads back what the bench printed', () => {
  it('gives each figure back, a cold unit per process and a warm unit per repetition', () => {
    const { cold, warm } = parseOpenings(printedRun('sqlite', 0), 'run a').get('sqlite')!;
    expect(cold.off).toEqual([[fig(200)], [fig(220)]]);
    expect(cold.on).toEqual([[fig(210)], [fig(230)]]);
    expect(warm.off).toEqual([
      [fig(75), fig(76), fig(77)],
      [fig(85), fig(86), fig(87)],
    ]);
    expect(warm.on.map((u) => u.map((f) => f.p99))).toEqual([
      [77.1, 78.1, 79.1],
      [86.1, 87.1, 88.1],
    ]);
  });

  it('keeps the stores apart, and the same repetition of two runs as two processes', () => {
    const pooled = parseOpenings(printedRun('sqlite', 0), 'run a');
    parseOpenings(printedRun('sqlite', 1) + '\n' + printedRun('postgres', 0), 'run b', pooled);
    const sqlite = pooled.get('sqlite')!;
    expect(sqlite.cold.off).toHaveLength(4);
    expect(sqlite.warm.off.map((u) => u.length)).toEqual([3, 3, 3, 3]);
    expect(sqlite.warm.off[2][0]).toEqual(fig(76));
    expect(pooled.get('postgres')!.warm.off).toHaveLength(2);
  });

  it('gives the same rows from the parsed lines as from the figures themselves', () => {
    const { warm } = parseOpenings(printedRun('sqlite', 0), 'run a').get('sqlite')!;
    const direct = {
      off: [
        [fig(75), fig(76), fig(77)],
        [fig(85), fig(86), fig(87)],
      ],
      on: [
        [fig(77), fig(78), fig(79)],
        [fig(86), fig(87), fig(88)],
      ],
    };
    expect(comparisonRows('s', 'warm', warm, '2 processes')).toEqual(comparisonRows('s', 'warm', direct, '2 processes'));
  });
});
