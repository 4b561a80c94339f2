/**
 * The family chunk's parts (./index.ts says why one chunk), loaded on first render. One lazy component that
 * renders the part named: each more lazy() would cost /pwa's first load its own bytes.
 */
import { lazyChunk } from '../../ui/lazy-chunk.js';

export const Family = lazyChunk(() => import('./index.js'));
