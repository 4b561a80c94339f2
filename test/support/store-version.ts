/**
 * The store's write counter: the runtime row's version plus every queue's (decision 061). Every committed
 * write moves exactly one of them by one, so a test that asks "did anything commit?" reads this sum.
 */
import { queueVersions } from '../../src/server/storage/queue-rows.js';
import type { Store } from '../../src/server/storage/port.js';

export async function storeVersion(store: Store): Promise<number> {
  return store.read(async (tx) => {
    const { version } = await tx.selectFrom('runtime').select('version').where('id', '=', 1).executeTakeFirstOrThrow();
    return version + (await queueVersions(tx));
  });
}
