/** Reads /metrics over real HTTP and finds samples in Prometheus's text format. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export async function scrape(url: string, token?: string): Promise<Sample[]> {
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (response.status !== 200) throw new Error(`scrape answered ${response.status}: ${await response.text()}`);
  return parseMetrics(await response.text());
}

export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[key] = value;
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

/** The one sample with this name whose labels include `labels`; undefined when there is none. */
export function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}
