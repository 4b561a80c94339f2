/**
 * The queues chunk's parts (./index.tsx says why one chunk), loaded on first render: only a clinic with
 * several queues renders one.
 */
import { lazyChunk } from '../../ui/lazy-chunk.js';

export const Queues = lazyChunk(() => import('./index.js'));
