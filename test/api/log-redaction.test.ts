/**
 * The server's logs never hold the LINE callback's code or state (or any other query value but LINE's
 * OAuth error code): read from the log lines a real server writes while requests arrive over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggableUrl } from '../../src/server/http/log-redaction.js';
import { startTestServer, type TestServer } from '../support/server.js';

const SECRETS = ['c0de-Secret-4f9a', 'st4te-Secret-77b1', 'eyJhbGciOiJIUzI1NiJ9.secret-id-token', 'acc3ss-Secret-tok'];

describe('request logs', () => {
  let server: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    server = await startTestServer({ env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(async () => server?.close());

  it('log the URLs of the LINE callback and of any other path without their query values', async () => {
    const [code, state, idToken, accessToken] = SECRETS;
    const paths = [
      `/line/callback?code=${code}&state=${state}`,
      `/line?liff.state=%2Fmy&code=${code}&state=${state}&liffClientId=1234`,
      `/line/callback?error=access_denied&state=${state}`,
      `/pwa/my?id_token=${idToken}&access_token=${accessToken}`,
      `/api/fn/getQueue?${accessToken}`,
    ];
    for (const path of paths) await (await fetch(`${server.url}${path}`)).arrayBuffer();

    const logged = lines.join('');
    // The requests were logged: the test would prove nothing about silent logs.
    expect(logged).toContain('/line/callback?code=[redacted]&state=[redacted]');
    expect(logged).toContain('/line?liff.state=[redacted]&code=[redacted]&state=[redacted]&liffClientId=[redacted]');
    expect(logged).toContain('/line/callback?error=access_denied&state=[redacted]');
    expect(logged).toContain('/pwa/my?id_token=[redacted]&access_token=[redacted]');
    expect(logged).toContain('/api/fn/getQueue?[redacted]');
    for (const secret of SECRETS) expect(logged).not.toContain(secret);
  });
});

describe('loggableUrl', () => {
  it('keeps paths and parameter names, hides values but an OAuth error code', () => {
    expect(loggableUrl('/web/all')).toBe('/web/all');
    expect(loggableUrl('/line/callback?code=abc&state=def')).toBe('/line/callback?code=[redacted]&state=[redacted]');
    expect(loggableUrl('/line/callback?error=access_denied&error_description=x')).toBe(
      '/line/callback?error=access_denied&error_description=[redacted]',
    );
    expect(loggableUrl('/x?&a=&b')).toBe('/x?&a=[redacted]&[redacted]');
  });
});
