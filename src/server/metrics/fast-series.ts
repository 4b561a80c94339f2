/**
 * Counters and histograms whose hot path is a map lookup or two and a few additions, with nothing
 * allocated once a label set has been seen. prom-client's own labels()/inc()/observe() validate and hash
 * the labels on every call, which cost more than the SQLite query being timed (about 2 µs of a 12 µs
 * select), and its registry formats every sample anew on each scrape, escaping each label value with
 * regular expressions. These families keep plain numbers per label set, write each series' text (names,
 * escaped labels, bucket bounds) once when the series first appears, and format themselves: a scrape in
 * the middle of the opening burst only joins numbers to strings it already has (bench/records/benchmark-history.md,
 * metrics overhead). The text is Prometheus's exposition format as prom-client writes it.
 */

/** A label value as the exposition format escapes it (prom-client's escapeLabelValue). */
export const escapeValue = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const escapeHelp = (help: string) => help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
const header = (name: string, help: string, type: 'counter' | 'gauge' | 'histogram') => `# HELP ${name} ${escapeHelp(help)}\n# TYPE ${name} ${type}`;
/** One sample line, after a newline: `\nname{labels} value`, or `\nname value` without labels. */
const sample = (name: string, labels: string, value: number) => `\n${name}${labels && `{${labels}}`} ${value}`;

/** A family written by hand: its header made once, its sample lines from values. */
export interface HandFamily {
  readonly head: string;
  /** One sample line, after a newline. */
  line(value: number, labels?: string): string;
  /** The whole family when it has one sample without labels, ending with a newline. */
  one(value: number): string;
}

export function handFamily(name: string, help: string, type: 'counter' | 'gauge' = 'gauge'): HandFamily {
  const head = header(name, help, type);
  return { head, line: (value, labels = '') => sample(name, labels, value), one: (value) => `${head}${sample(name, '', value)}\n` };
}

export interface TextFamily {
  /** The family's exposition text: HELP, TYPE and a line per sample, without a final newline. */
  text(): string;
}

abstract class FastFamily<S> implements TextFamily {
  /** Each series' state with the label text it is written with (`route="/x",outcome="ok"`). */
  protected readonly series: { labels: string; first: string; state: S }[] = [];
  /** The states, one map level per label value: no joined key string is built and hashed per call. */
  private readonly index = new Map<string, unknown>();
  private readonly header: string;

  constructor(
    readonly name: string,
    help: string,
    type: 'counter' | 'histogram',
    private readonly labelNames: readonly string[],
  ) {
    if (labelNames.length < 1 || labelNames.length > 3) throw new Error(`${name}: one to three labels`);
    this.header = header(name, help, type);
  }

  /** The state of one label set, the values in labelNames order (those past the family's labels unused). */
  protected at(a: string, b: string, c: string): S {
    const depth = this.labelNames.length;
    let node: Map<string, unknown> | undefined = this.index;
    if (depth > 1) node = node.get(a) as Map<string, unknown> | undefined;
    if (depth > 2 && node) node = node.get(b) as Map<string, unknown> | undefined;
    const known = node?.get(depth === 1 ? a : depth === 2 ? b : c) as S | undefined;
    return known ?? this.create(a, b, c);
  }

  /**
   * A label set's first observation. Kept apart from `at`, which runs on every observation: V8 compiles a
   * hot function with all the code it has seen run, and this rare path (escaping, formatting, maps made)
   * would multiply that work inside a fresh process's first opening.
   */
  private create(a: string, b: string, c: string): S {
    const values = [a, b, c].slice(0, this.labelNames.length);
    let node = this.index;
    for (const value of values.slice(0, -1)) {
      let next = node.get(value) as Map<string, unknown> | undefined;
      if (!next) node.set(value, (next = new Map()));
      node = next;
    }
    const labels = this.labelNames.map((n, i) => `${n}="${escapeValue(values[i])}"`).join(',');
    const state = this.fresh(labels);
    this.series.push({ labels, first: a, state });
    node.set(values[values.length - 1], state);
    return state;
  }

  /**
   * Forgets every series whose first label value `keep` refuses: a clinic this process no longer serves
   * (metrics.ts), so the family holds one value of that label per clinic that runs, not one per clinic ever seen.
   */
  retain(keep: (first: string) => boolean): void {
    if (this.series.every((s) => keep(s.first))) return;
    for (const first of [...this.index.keys()]) if (!keep(first)) this.index.delete(first);
    const kept = this.series.filter((s) => keep(s.first));
    this.series.length = 0;
    this.series.push(...kept);
  }

  text(): string {
    let out = this.header;
    for (const { labels, state } of this.series) out += this.lines(labels, state);
    return out;
  }

  protected abstract fresh(labels: string): S;
  /** One series' sample lines, each starting with a newline. */
  protected abstract lines(labels: string, state: S): string;
}

export class FastCounter extends FastFamily<{ value: number }> {
  constructor(name: string, help: string, labelNames: readonly string[]) {
    super(name, help, 'counter', labelNames);
  }
  inc(a: string, b = '', c = '') {
    this.at(a, b, c).value += 1;
  }
  protected fresh() {
    return { value: 0 };
  }
  protected lines(labels: string, state: { value: number }) {
    return sample(this.name, labels, state.value);
  }
}

interface HistogramState {
  buckets: number[];
  sum: number;
  count: number;
  /** The text before each bucket's value, the last +Inf's: `\nname_bucket{le="0.005",labels} `. */
  prefixes: string[];
}

export class FastHistogram extends FastFamily<HistogramState> {
  constructor(name: string, help: string, labelNames: readonly string[], private readonly bounds: readonly number[]) {
    super(name, help, 'histogram', labelNames);
  }
  observe(value: number, a: string, b = '', c = '') {
    const s = this.at(a, b, c);
    s.sum += value;
    s.count += 1;
    const bounds = this.bounds;
    for (let i = 0; i < bounds.length; i++) {
      if (value <= bounds[i]) {
        s.buckets[i] += 1;
        break;
      }
    }
  }
  /**
   * A counter of the observations, by the same labels, that costs nothing per observation: its values are
   * the histogram's counts, read at scrape time (requests_total beside request_duration_seconds).
   */
  countsAs(name: string, help: string): TextFamily {
    const head = header(name, help, 'counter');
    return { text: () => this.series.reduce((out, { labels, state }) => out + sample(name, labels, state.count), head) };
  }
  protected fresh(labels: string): HistogramState {
    // le first, as prom-client's own Histogram writes it.
    const bucket = (le: string) => `\n${this.name}_bucket{le="${le}",${labels}} `;
    const prefixes = [...this.bounds.map((b) => bucket(String(b))), bucket('+Inf')];
    return { buckets: this.bounds.map(() => 0), sum: 0, count: 0, prefixes };
  }
  protected lines(labels: string, state: HistogramState) {
    const { prefixes } = state;
    let out = '';
    let cumulative = 0;
    for (let i = 0; i < state.buckets.length; i++) out += prefixes[i] + (cumulative += state.buckets[i]);
    out += `${prefixes[state.buckets.length]}${state.count}`;
    return out + sample(`${this.name}_sum`, labels, state.sum) + sample(`${this.name}_count`, labels, state.count);
  }
}
