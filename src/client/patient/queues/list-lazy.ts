/**
 * The several queues' list sections alone, for /web/all: the public page has no book screen or card, and
 * the chunk it loads imports only what its first load already holds (the list's rows, the estimate).
 */
import { lazyChunk } from '../../ui/lazy-chunk.js';

export const QueueList = lazyChunk(() => import('./QueueList.js'));
