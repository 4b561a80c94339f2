/**
 * An answer with a body no sender should read whole: `bytes` of JSON-looking text with its
 * Content-Length, or (without `bytes`) chunks for ever, for as long as the connection stays open. Each
 * chunk waits for the socket to drain, so the fake itself holds next to nothing.
 */
import type { ServerResponse } from 'node:http';

const CHUNK = Buffer.alloc(64 * 1024, 'a');

export function flood(res: ServerResponse, status: number, bytes?: number): void {
  res.writeHead(status, { 'content-type': 'application/json', ...(bytes !== undefined && { 'content-length': String(bytes) }) });
  res.write('{"message":"');
  let left = bytes === undefined ? Infinity : bytes - 12;
  const more = () => {
    while (left > 0 && !res.destroyed) {
      const chunk = left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
      left -= chunk.length;
      if (!res.write(chunk)) return void res.once('drain', more);
    }
    if (!res.destroyed) res.end();
  };
  res.once('close', () => (left = 0));
  more();
}
