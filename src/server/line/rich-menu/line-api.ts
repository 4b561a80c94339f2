/**
 * The few Messaging API calls the rich menu needs, over fetch: every call aborts after its timeout, so a
 * LINE that never answers ends the command instead of hanging it. Images go to LINE's data host.
 */
import type { RichMenuRequest } from './menu.js';
import { type BoundedResponse, fetchBounded, jsonObject, NoAnswerError } from '../../outside/bounded-fetch.js';

export interface RichMenuApiSettings {
  channelAccessToken: string;
  apiBaseUrl: string;
  dataBaseUrl: string;
  timeoutMs: number;
}

export interface RichMenuSummary {
  richMenuId: string;
  name: string;
  chatBarText: string;
}

/** A call LINE refused or did not answer; the message names the call and LINE's reason. */
export class LineCallError extends Error {}

export function richMenuApi(settings: RichMenuApiSettings) {
  async function call(method: string, base: string, path: string, body?: { type: string; data: BodyInit }) {
    const what = `${method} ${path}`;
    let answer: BoundedResponse;
    try {
      answer = await fetchBounded(
        `${base}${path}`,
        { method, headers: { authorization: `Bearer ${settings.channelAccessToken}`, ...(body && { 'content-type': body.type }) }, body: body?.data },
        settings.timeoutMs,
      );
    } catch (err) {
      const reason = err instanceof NoAnswerError ? `no answer within ${settings.timeoutMs / 1000} s` : err instanceof Error ? err.message : String(err);
      throw new LineCallError(`LINE: ${what}: ${reason}`);
    }
    return { status: answer.status, body: jsonObject(answer.body), what };
  }

  async function ok(method: string, base: string, path: string, body?: { type: string; data: BodyInit }) {
    const answer = await call(method, base, path, body);
    if (answer.status < 200 || answer.status > 299) {
      const details = Array.isArray(answer.body.details) ? ` ${JSON.stringify(answer.body.details)}` : '';
      const hint = answer.status === 401 ? ' (is LINE_MESSAGING_CHANNEL_ACCESS_TOKEN the channel access token?)' : '';
      throw new LineCallError(`LINE answered ${answer.status} to ${answer.what}: ${String(answer.body.message ?? 'no reason given')}${details}${hint}`);
    }
    return answer.body;
  }

  const api = settings.apiBaseUrl;
  const id = (richMenuId: string) => encodeURIComponent(richMenuId);
  return {
    async list(): Promise<RichMenuSummary[]> {
      const body = await ok('GET', api, '/v2/bot/richmenu/list');
      return Array.isArray(body.richmenus) ? (body.richmenus as RichMenuSummary[]) : [];
    },
    /** The default rich menu's id, or null when there is none (LINE answers 404). */
    async defaultId(): Promise<string | null> {
      const answer = await call('GET', api, '/v2/bot/user/all/richmenu');
      if (answer.status === 404) return null;
      if (answer.status !== 200 || typeof answer.body.richMenuId !== 'string') {
        throw new LineCallError(`LINE answered ${answer.status} to ${answer.what}: ${String(answer.body.message ?? 'no reason given')}`);
      }
      return answer.body.richMenuId;
    },
    async create(menu: RichMenuRequest): Promise<string> {
      const body = await ok('POST', api, '/v2/bot/richmenu', { type: 'application/json', data: JSON.stringify(menu) });
      if (typeof body.richMenuId !== 'string') throw new LineCallError('LINE: POST /v2/bot/richmenu: no richMenuId in the answer');
      return body.richMenuId;
    },
    async upload(richMenuId: string, png: Uint8Array): Promise<void> {
      await ok('POST', settings.dataBaseUrl, `/v2/bot/richmenu/${id(richMenuId)}/content`, { type: 'image/png', data: new Uint8Array(png) });
    },
    async setDefault(richMenuId: string): Promise<void> {
      await ok('POST', api, `/v2/bot/user/all/richmenu/${id(richMenuId)}`);
    },
    async cancelDefault(): Promise<void> {
      await ok('DELETE', api, '/v2/bot/user/all/richmenu');
    },
    async remove(richMenuId: string): Promise<void> {
      await ok('DELETE', api, `/v2/bot/richmenu/${id(richMenuId)}`);
    },
  };
}

export type RichMenuApi = ReturnType<typeof richMenuApi>;
