/** The metrics settings: off by default, a token long enough to guess at, a port of its own. */
import { describe, expect, it } from 'vitest';
import { loadConfig, metricsEnabled, startupWarnings } from './config.js';

describe('metrics settings', () => {
  it('are off by default, bound to loopback when a port is given', () => {
    const config = loadConfig({});
    expect(config.METRICS_PORT).toBeUndefined();
    expect(config.METRICS_TOKEN).toBeUndefined();
    expect(config.METRICS_HOST).toBe('127.0.0.1');
    expect(metricsEnabled(config)).toBe(false);
    expect(metricsEnabled(loadConfig({ METRICS_PORT: '', METRICS_TOKEN: '' }))).toBe(false);
    expect(metricsEnabled(loadConfig({ METRICS_PORT: '9464' }))).toBe(true);
    expect(loadConfig({ METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
    expect(metricsEnabled(loadConfig({ METRICS_TOKEN: 'a'.repeat(32) }))).toBe(true);
  });

  it('refuse a short token, a port that is no port, and the main port', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'a'.repeat(31) })).toThrow(/METRICS_TOKEN must be at least 32 characters/);
    expect(() => loadConfig({ METRICS_PORT: 'abc' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '8080' })).toThrow(/METRICS_PORT must differ from PORT/);
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT must differ from PORT/);
  });

  it('warn when the metrics port faces the network without a token', () => {
    const warned = (env: Record<string, string>) => startupWarnings(loadConfig(env)).some((w) => w.includes('METRICS_HOST'));
    expect(warned({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toBe(true);
    expect(warned({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: 'a'.repeat(32) })).toBe(false);
    expect(warned({ METRICS_PORT: '9464' })).toBe(false);
  });
});
