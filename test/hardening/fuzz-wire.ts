/**
 * The fuzzer's wire: sends one generated probe over real HTTP (node:http, so any method, path and header
 * bytes go out as generated) or as raw bytes on a TCP socket, and judges the answer against the contract.
 * Judging here rather than with vitest's expect: fast-check needs a thrown error to find and shrink a case.
 */
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { ERROR_HTTP_STATUS, type ErrorCode } from '../../src/shared/errors.js';

export interface Probe {
  /** What the generator meant, for the failure message. */
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Uint8Array;
  /** Bytes written to a bare TCP socket instead of an HTTP request (malformed HTTP). */
  raw?: Uint8Array;
  /** What a legitimate answer may be besides a catalogue refusal: nothing, the public stream, a 200 result. */
  may: 'refuse' | 'stream' | 'ok';
  /** The one refusal this case is built to hit, when there is exactly one. */
  expect?: ErrorCode | ErrorCode[];
}

export interface Answer {
  status: number;
  contentType: string;
  text: string;
  /** The public stream's first snapshot, when the answer was a stream. */
  snapshot?: string;
}

/** No answer within this bound is a hang, which the contract forbids as much as a 5xx. */
const HANG_MS = 10_000;
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;
const CATALOGUE_STATUSES = new Set<number>(Object.values(ERROR_HTTP_STATUS));

export function fuzzAgent(maxSockets: number): Agent {
  return new Agent({ keepAlive: true, maxSockets });
}

/** Sends the probe; a transport failure (reset, hang) is reported with the probe that caused it. */
export async function send(base: URL, agent: Agent, probe: Probe): Promise<Answer> {
  try {
    if (probe.raw) return await sendRaw(base, probe.raw);
    // A HEAD over Node's header limit cannot be parsed, so the server cannot know it was a HEAD and answers
    // with a body, which node:http would reject on our side: the same bytes go out on a bare socket instead.
    if (probe.method === 'HEAD' && headSize(probe) > 12_000) {
      const lines = [`HEAD ${probe.path} HTTP/1.1`, `Host: ${base.host}`, ...Object.entries(probe.headers).map(([k, v]) => `${k}: ${v}`)];
      return await sendRaw(base, Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'));
    }
    return await sendHttp(base, agent, probe);
  } catch (err) {
    throw new Error(`${String(err)}\n${describeProbe(probe)}`);
  }
}

export function describeProbe(probe: Probe): string {
  const sent = probe.raw ? `raw ${JSON.stringify(Buffer.from(probe.raw).toString('latin1').slice(0, 200))}` : `${probe.method} ${probe.path.slice(0, 200)}`;
  const body = probe.body ? JSON.stringify(Buffer.from(probe.body).toString('utf8').slice(0, 300)) : '-';
  return `  probe: ${probe.label}: ${sent}\n  headers: ${JSON.stringify(probe.headers).slice(0, 300)}\n  body: ${body}`;
}

function sendHttp(base: URL, agent: Agent, probe: Probe): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: base.hostname,
      port: base.port,
      method: probe.method,
      path: probe.path,
      headers: { ...probe.headers, ...(probe.body ? { 'content-length': String(probe.body.byteLength) } : {}) },
      agent,
    });
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${HANG_MS} ms`)), HANG_MS);
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.on('response', (res) => {
      const contentType = String(res.headers['content-type'] ?? '');
      const stream = contentType.startsWith('text/event-stream');
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        // A stream never ends by itself: its first snapshot is all the judge needs.
        const snapshot = stream ? /event: queue\ndata: (.*)\n\n/.exec(text) : null;
        if (snapshot) {
          clearTimeout(timer);
          res.destroy();
          resolve({ status: res.statusCode ?? 0, contentType, text, snapshot: snapshot[1] });
        }
      });
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, contentType, text });
      });
      res.on('error', () => {}); // destroyed on purpose after the first snapshot
    });
    req.end(probe.body ? Buffer.from(probe.body) : undefined);
  });
}

/** Garbage on a socket: whatever comes back before the server closes (or the bound passes) is the answer. */
function sendRaw(base: URL, bytes: Uint8Array): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = connect(Number(base.port), base.hostname);
    let received = '';
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      const head = /^HTTP\/1\.[01] (\d{3})[^\r\n]*\r\n([\s\S]*?)\r\n\r\n([\s\S]*)$/.exec(received);
      if (!head) return resolve({ status: received ? -1 : 0, contentType: '', text: received });
      const contentType = /^content-type:\s*(.*)$/im.exec(head[2])?.[1] ?? '';
      resolve({ status: Number(head[1]), contentType, text: head[3] });
    };
    // Bytes that form no complete request may leave the server waiting for more: then "no answer" is fine.
    const timer = setTimeout(done, 3_000);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('close', done);
    socket.on('error', () => {});
    socket.end(Buffer.from(bytes));
  });
}

/** Throws, naming the probe, unless the answer is one the contract allows for it. */
export function judge(probe: Probe, answer: Answer): void {
  const fail = (why: string): never => {
    throw new Error(`${why}\n${describeProbe(probe)}\n  answer: ${answer.status} ${answer.contentType} ${answer.text.slice(0, 300)}`);
  };
  if (probe.raw && answer.status === 0) return; // nothing complete was sent, nothing was answered
  if (answer.status >= 500) fail('a 5xx answer');
  if (answer.status === 200) {
    if (probe.may === 'refuse') fail('accepted a request that must be refused');
    if (probe.may === 'stream') {
      if (!answer.contentType.startsWith('text/event-stream')) fail('a stream answered without text/event-stream');
      if (probe.method === 'HEAD') return;
      const snapshot = JSON.parse(answer.snapshot ?? 'null') as { runtime?: unknown; queue?: unknown; version?: unknown } | null;
      if (!snapshot || typeof snapshot.runtime !== 'object' || !Array.isArray(snapshot.queue) || typeof snapshot.version !== 'number') {
        fail('the stream did not start with a queue snapshot');
      }
      return;
    }
    const body = parse(answer.text) as { result?: unknown } | undefined;
    if (!body || typeof body !== 'object' || !('result' in body)) fail('a 200 without {result}');
    return;
  }
  if (!CATALOGUE_STATUSES.has(answer.status)) fail('a status outside the catalogue');
  if (probe.method === 'HEAD' && answer.text === '') return; // a HEAD answer has no body to judge
  if (!/^application\/json/.test(answer.contentType)) fail('a refusal that is not JSON');
  const body = parse(answer.text) as { error?: { status?: unknown; message?: unknown } } | undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body)) fail('a refusal body that is not an object');
  if (Object.keys(body!).join() !== 'error') fail('a refusal with keys other than "error"');
  const error = body!.error;
  if (!error || typeof error !== 'object' || Object.keys(error).sort().join() !== 'message,status') fail('error is not {status, message}');
  const code = error!.status as ErrorCode;
  if (!Object.hasOwn(ERROR_HTTP_STATUS, code)) fail(`"${String(code)}" is not a catalogue code`);
  if (ERROR_HTTP_STATUS[code] !== answer.status) fail(`${code} sent with HTTP ${answer.status}`);
  if (typeof error!.message !== 'string' || !JAPANESE.test(error!.message)) fail('the message is not Japanese text for people');
  const expected = probe.expect === undefined ? [] : ([] as ErrorCode[]).concat(probe.expect);
  // A head over Node's 16 KB header limit is refused as malformed before any route sees it.
  if (headSize(probe) > 12_000 && expected.length > 0) expected.push('INVALID_ARGUMENT');
  if (expected.length > 0 && !expected.includes(code)) fail(`expected ${expected.join(' or ')}`);
}

/** Bytes of the request line and headers, roughly: Node refuses heads over 16 KB. */
function headSize(probe: Probe): number {
  return probe.path.length + Object.entries(probe.headers).reduce((n, [k, v]) => n + k.length + v.length + 4, 0);
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Runs `work` over `items` with at most `limit` in flight; every item runs, the first failure is thrown. */
export async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const failures: unknown[] = [];
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++];
        await work(item).catch((err: unknown) => failures.push(err));
      }
    }),
  );
  if (failures.length > 0) throw failures[0];
}
