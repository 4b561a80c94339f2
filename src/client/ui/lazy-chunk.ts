/**
 * Loads a route set's chunk with a 120 s limit (docs/product.md, "Timings and limits"). A chunk that is missing, fails or takes
 * too long becomes a 'Loading chunk failed' error for the error screen.
 */
import { type ComponentType, lazy } from 'react';
import { t } from './language.js';

export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super(t('error.chunk'), { cause });
    this.name = 'ChunkLoadError';
  }
}

export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(err));
      },
    );
  });
}

export function lazyChunk<P extends object = object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => loadChunk(load));
}
