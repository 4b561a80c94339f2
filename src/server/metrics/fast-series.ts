/**
 * Counters and histograms whose hot path is one map lookup and a few additions. prom-client's own
 * labels()/inc()/observe() validate and hash the labels on every call, which cost more than the SQLite
 * query being timed (about 2 µs of a 12 µs select). These keep plain numbers per label set and hand
 * prom-client's registry the values to format only when Prometheus scrapes.
 */
import type { Registry } from 'prom-client';

type Labels = Record<string, string>;

abstract class FastFamily<S> {
  protected readonly series = new Map<string, { labels: Labels; state: S }>();
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly string[],
    registry: Registry,
  ) {
    registry.registerMetric(this as never);
  }

  /** The states again, one map level per label value: no joined key string is built and hashed per call. */
  private readonly index = new Map<string, unknown>();

  /** The state of one label set; `values` are in labelNames order. */
  protected at(values: readonly string[]): S {
    let node = this.index;
    const last = values.length - 1;
    for (let i = 0; i < last; i++) {
      let next = node.get(values[i]) as Map<string, unknown> | undefined;
      if (!next) node.set(values[i], (next = new Map()));
      node = next;
    }
    const leaf = last < 0 ? '' : values[last];
    const known = node.get(leaf) as S | undefined;
    if (known !== undefined) return known;
    const labels = Object.fromEntries(this.labelNames.map((n, i) => [n, values[i]]));
    const entry = { labels, state: this.fresh() };
    this.series.set(values.join('\u0000'), entry);
    node.set(leaf, entry.state);
    return entry.state;
  }

  protected abstract fresh(): S;
}

export class FastCounter extends FastFamily<{ value: number }> {
  inc(...values: string[]) {
    this.at(values).value += 1;
  }
  protected fresh() {
    return { value: 0 };
  }
  get() {
    const values = [...this.series.values()].map(({ labels, state }) => ({ labels, value: state.value }));
    return { name: this.name, help: this.help, type: 'counter' as never, aggregator: 'sum', values };
  }
}

export class FastHistogram extends FastFamily<{ buckets: number[]; sum: number; count: number }> {
  constructor(name: string, help: string, labelNames: readonly string[], private readonly bounds: readonly number[], registry: Registry) {
    super(name, help, labelNames, registry);
  }
  observe(value: number, ...values: string[]) {
    const s = this.at(values);
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
  countsAs(name: string, help: string, registry: Registry) {
    const series = this.series;
    registry.registerMetric({
      name,
      help,
      get: () => ({
        name,
        help,
        type: 'counter' as never,
        aggregator: 'sum',
        values: [...series.values()].map(({ labels, state }) => ({ labels, value: state.count })),
      }),
    } as never);
  }
  protected fresh() {
    return { buckets: this.bounds.map(() => 0), sum: 0, count: 0 };
  }
  get() {
    const values: { labels: Labels; value: number; metricName: string }[] = [];
    for (const { labels, state } of this.series.values()) {
      let cumulative = 0;
      this.bounds.forEach((bound, i) => {
        cumulative += state.buckets[i];
        values.push({ labels: { ...labels, le: String(bound) }, value: cumulative, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { ...labels, le: '+Inf' }, value: state.count, metricName: `${this.name}_bucket` });
      values.push({ labels, value: state.sum, metricName: `${this.name}_sum` });
      values.push({ labels, value: state.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: 'histogram' as never, aggregator: 'sum', values };
  }
}
