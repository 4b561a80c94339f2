import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, lineLoginConfigured, pushConfigured } from './config.js';

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
});
