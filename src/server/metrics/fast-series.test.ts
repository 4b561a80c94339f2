/**
 * The fast families format themselves (fast-series.ts): for the same observations they must write what
 * prom-client's own Counter and Histogram write, line for line, label values that need escaping included.
 */
import { Counter, Histogram, Registry } from 'prom-client';
import { expect, it } from 'vitest';
import { FastCounter, FastHistogram } from './fast-series.js';

const BOUNDS = [0.001, 0.01, 0.1, 1];
/** Label values as the app sees them, and the awkward ones a family must escape. */
const VALUES = [
  ['/api/fn/:name', 'allocateNextSlot', 'ok'],
  ['/api/fn/:name', 'allocateNextSlot', 'RESOURCE_EXHAUSTED'],
  ['/api/staff/login', '', 'ok'],
  ['back\\slash', 'quote"d', 'new\nline'],
] as const;
const SECONDS = [0.0004, 0.003, 0.003, 0.25, 7, 0.1];

const lines = (text: string) => text.split('\n').filter((l) => l !== '').sort();

it("writes a histogram and its count as prom-client's Histogram and Counter do", async () => {
  const registry = new Registry();
  const names = ['route', 'function', 'outcome'];
  const theirs = new Histogram({ name: 'h_seconds', help: 'A histogram\\ with\nhelp', labelNames: names, buckets: BOUNDS, registers: [registry] });
  const theirCount = new Counter({ name: 'h_total', help: 'Its count', labelNames: names, registers: [registry] });
  const ours = new FastHistogram('h_seconds', 'A histogram\\ with\nhelp', names, BOUNDS);
  const ourCount = ours.countsAs('h_total', 'Its count');
  VALUES.forEach(([route, fn, outcome], i) => {
    for (const seconds of SECONDS.slice(i)) {
      theirs.observe({ route, function: fn, outcome }, seconds);
      theirCount.inc({ route, function: fn, outcome });
      ours.observe(seconds, route, fn, outcome);
    }
  });
  expect(lines(`${ours.text()}\n${ourCount.text()}`)).toEqual(lines(await registry.metrics()));
});

it("writes counters of one and two labels as prom-client's Counter does, and a family with no series", async () => {
  const registry = new Registry();
  const one = new Counter({ name: 'one_total', help: 'One label', labelNames: ['code'], registers: [registry] });
  const two = new Counter({ name: 'two_total', help: 'Two labels', labelNames: ['channel', 'result'], registers: [registry] });
  new Counter({ name: 'none_total', help: 'Nothing yet', labelNames: ['code'], registers: [registry] });
  const [ourOne, ourTwo, ourNone] = [
    new FastCounter('one_total', 'One label', ['code']),
    new FastCounter('two_total', 'Two labels', ['channel', 'result']),
    new FastCounter('none_total', 'Nothing yet', ['code']),
  ];
  for (const [code, times] of [['ABORTED', 2], ['quote"d', 1]] as const) {
    for (let i = 0; i < times; i++) {
      one.inc({ code });
      ourOne.inc(code);
    }
  }
  for (const [channel, result] of [['LINE', 'sent'], ['LINE', 'retry'], ['PWA', 'sent'], ['LINE', 'sent']]) {
    two.inc({ channel, result });
    ourTwo.inc(channel, result);
  }
  expect(lines([ourOne, ourTwo, ourNone].map((f) => f.text()).join('\n'))).toEqual(lines(await registry.metrics()));
});

it('refuses a family of no labels or more than three (the lookup has three levels)', () => {
  expect(() => new FastCounter('x_total', 'x', [])).toThrow(/one to three labels/);
  expect(() => new FastCounter('x_total', 'x', ['a', 'b', 'c', 'd'])).toThrow(/one to three labels/);
});

it("retains only the series whose first label value is kept, and counts a dropped value's series afresh", () => {
  const counter = new FastCounter('by_clinic_total', 'By clinic', ['clinic', 'code']);
  counter.inc('a', 'ok');
  counter.inc('b', 'ok');
  counter.inc('b', 'ABORTED');
  counter.retain((clinic) => clinic !== 'b');
  expect(counter.text()).toBe('# HELP by_clinic_total By clinic\n# TYPE by_clinic_total counter\nby_clinic_total{clinic="a",code="ok"} 1');
  counter.inc('b', 'ok');
  counter.inc('a', 'ok');
  expect(counter.text()).toContain('by_clinic_total{clinic="a",code="ok"} 2\nby_clinic_total{clinic="b",code="ok"} 1');
});
