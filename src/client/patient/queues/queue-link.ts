/**
 * A link may name the queue to preselect: `?queue=<id>` (the clinic's site or a poster per queue). In LINE a
 * LIFF link carries it inside `liff.state` (liff.init puts it back on the address; until then, or where
 * LIFF does not run, it is read from there), as the check-in link's code travels. Kept for this tab, so LINE's
 * web sign-in, which returns without the query, still finds it. It only preselects: the patient confirms.
 * Storage is read here rather than through ../storage.ts: sharing that module with the first load would split
 * it into a chunk of its own and cost /pwa's first load the bytes of one more file.
 */
const KEY = 'queue_link';
/** The wire's queue id (queueIdSchema); anything else in the link is not ours to use. */
const ID = /^[a-z0-9_-]{1,32}$/;

function fromSearch(search: URLSearchParams): string | null {
  const queue = search.get('queue');
  if (queue !== null) return queue;
  const state = search.get('liff.state');
  const query = state?.split('?')[1];
  return query === undefined ? null : new URLSearchParams(query.split('#')[0]).get('queue');
}

export function readQueueLink(): string | null {
  const queue = fromSearch(new URLSearchParams(window.location.search));
  try {
    if (queue !== null && ID.test(queue)) {
      sessionStorage.setItem(KEY, queue);
      return queue;
    }
    const kept = sessionStorage.getItem(KEY);
    return kept !== null && ID.test(kept) ? kept : null;
  } catch {
    // Storage off (Safari private mode, a full quota): the link still counts on this page.
    return queue !== null && ID.test(queue) ? queue : null;
  }
}
