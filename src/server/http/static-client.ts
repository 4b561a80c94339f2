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
      // Hashed assets never change; pages and the worker must always be revalidated.
      setHeaders(res, path) {
        const immutable = path.includes(`${join(clientDir, 'assets')}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
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
