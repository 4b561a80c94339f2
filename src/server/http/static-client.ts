/** Serves the built React client: files as they are, and index.html for every page path (the SPA routes). */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { AppError } from '../errors.js';

export async function registerStaticClient(app: FastifyInstance, clientDir: string) {
  // No client directory (API-only tests): never fall back to whatever index.html the working directory has.
  const hasClient = clientDir !== '' && existsSync(join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies (build/precompress.ts): sent compressed, the first JavaScript
      // is a third of its size on a phone's network (Lighthouse, docs/benchmarks.md).
      preCompressed: true,
      // Our cache-control below, not send's default `public, max-age=0`, which replaced it on every file.
      cacheControl: false,
      // Hashed assets never change; pages and the worker must always be revalidated.
      setHeaders(res, path) {
        const immutable = path.includes(`${join(clientDir, 'assets')}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // Caches must keep the compressed and the plain copy apart.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET' || !hasClient) {
      throw new AppError('NOT_FOUND', 'error.unknownFunction');
    }
    const path = request.url.split('?')[0];
    // A missing file with an extension is a real 404, not a page.
    if (/\.[a-z0-9]+$/i.test(path)) throw new AppError('NOT_FOUND', 'error.unknownFunction');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
