import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, lineLoginConfigured, pushConfigured, serviceMessagesConfigured, startupWarnings } from './config.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.RATE_LIMIT).toBe('on');
    expect(config.LINE_API_BASE_URL).toBe('https://api.line.me');
    expect(lineLoginConfigured(config)).toBe(false);
    expect(pushConfigured(config)).toBe(false);
  });

  it('names every bad variable at once', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', VAPID_SUBJECT: 'localhost' });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('VAPID_SUBJECT');
  });

  it('treats empty values as unset and strips a trailing slash from base URLs', () => {
    const config = loadConfig({ DATABASE_URL: '', LINE_API_BASE_URL: 'http://127.0.0.1:9/' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.LINE_API_BASE_URL).toBe('http://127.0.0.1:9');
  });

  it('wants both VAPID keys or neither', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'x' })).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
  });

  it('refuses a send timeout at or above the notice lease, naming both settings', () => {
    const refused = /NOTIFY_SEND_TIMEOUT_MS \(30000\) must be below NOTIFY_LEASE_SECONDS/;
    expect(() => loadConfig({ NOTIFY_SEND_TIMEOUT_MS: '30000' })).toThrow(refused);
    expect(() => loadConfig({ NOTIFY_SEND_TIMEOUT_MS: '30000', NOTIFY_LEASE_SECONDS: '20' })).toThrow(ConfigError);
    expect(() => loadConfig({ NOTIFY_LEASE_SECONDS: '10' })).toThrow(/NOTIFY_SEND_TIMEOUT_MS \(10000\).*NOTIFY_LEASE_SECONDS/);
    expect(loadConfig({ NOTIFY_SEND_TIMEOUT_MS: '29999' }).NOTIFY_SEND_TIMEOUT_MS).toBe(29_999);
  });

  it('reads TRUST_PROXY as true, false or a list of proxy addresses and CIDRs', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1, loopback' }).TRUST_PROXY).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'loopback']);
    for (const bad of ['yes', '127.0.0.1, proxy.example', '10.0.0.0/33']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('warns at start about settings that work but should change', () => {
    expect(startupWarnings(loadConfig({}))).toEqual([]);
    expect(startupWarnings(loadConfig({ TRUST_PROXY: '127.0.0.1' }))).toEqual([]);
    expect(startupWarnings(loadConfig({ TRUST_PROXY: 'true' }))).toEqual([expect.stringContaining('TRUST_PROXY')]);
    expect(startupWarnings(loadConfig({ DATABASE_URL: 'postgres://x/y' }))).toEqual([expect.stringContaining('TOKEN_SECRET')]);
  });
});

describe('LINE MINI App service messages (decision 051)', () => {
  const channel = { LINE_MINIAPP_CHANNEL_ID: '2007000000', LINE_MINIAPP_CHANNEL_SECRET: 'secret' };
  it('are off unless a template is set, and then need the MINI App channel and the parameters', () => {
    expect(serviceMessagesConfigured(loadConfig({}))).toBe(false);
    expect(serviceMessagesConfigured(loadConfig(channel))).toBe(false);
    const on = loadConfig({ ...channel, LINE_SERVICE_TEMPLATE: 'queue_status_ja', LINE_SERVICE_PARAMS: 'number=number, people_ahead=ahead' });
    expect(serviceMessagesConfigured(on)).toBe(true);
    expect(on.LINE_SERVICE_PARAMS).toEqual([['number', 'number'], ['people_ahead', 'ahead']]);
    expect(() => loadConfig({ LINE_SERVICE_TEMPLATE: 'queue_status_ja', LINE_SERVICE_PARAMS: 'n=number' })).toThrow(/LINE_MINIAPP_CHANNEL_ID/);
    expect(() => loadConfig({ ...channel, LINE_SERVICE_TEMPLATE: 'queue_status_ja' })).toThrow(/LINE_SERVICE_PARAMS/);
  });
  it('refuse a parameter whose value is not one of ours, and a template name that is not one', () => {
    expect(() => loadConfig({ ...channel, LINE_SERVICE_TEMPLATE: 'x_ja', LINE_SERVICE_PARAMS: 'n=owner_id' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...channel, LINE_SERVICE_TEMPLATE: 'x_ja', LINE_SERVICE_PARAMS: 'number' })).toThrow(/key=value/);
    expect(() => loadConfig({ ...channel, LINE_SERVICE_TEMPLATE: 'queue status', LINE_SERVICE_PARAMS: 'n=number' })).toThrow(/LINE_SERVICE_TEMPLATE/);
  });
});
