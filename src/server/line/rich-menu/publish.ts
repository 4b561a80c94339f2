/**
 * Makes the rich menu the clinic's default in LINE's order (create, upload its image, set default), then
 * deletes the menus this command made before. A failure part-way undoes what this run did, so patients
 * keep the menu they had: never a default without an image, never a second menu left behind.
 */
import { LineCallError, type RichMenuApi } from './line-api.js';
import { RICH_MENU_NAME, type RichMenuRequest } from './menu.js';

export interface Published {
  richMenuId: string;
  /** Earlier menus of this command, deleted. */
  replaced: string[];
  /** Earlier menus of this command LINE would not delete (the next run tries again). */
  leftOver: string[];
}

export async function publishRichMenu(
  api: RichMenuApi,
  menu: RichMenuRequest,
  png: Uint8Array,
  log: (line: string) => void,
): Promise<Published> {
  let earlier: string[], previousDefault: string | null, richMenuId: string;
  try {
    // Read before creating anything: a LINE that is down fails here with nothing to undo.
    earlier = (await api.list()).filter((m) => m.name === RICH_MENU_NAME).map((m) => m.richMenuId);
    previousDefault = await api.defaultId();
    richMenuId = await api.create(menu);
  } catch (err) {
    // A create LINE did but never confirmed leaves a menu with this command's name: the next run deletes it.
    throw new LineCallError(`${(err as Error).message}\nnothing was changed`);
  }
  log(`created rich menu ${richMenuId}`);
  let defaultTried = false;
  try {
    await api.upload(richMenuId, png);
    log(`uploaded its image (${png.length} bytes)`);
    defaultTried = true;
    await api.setDefault(richMenuId);
  } catch (err) {
    const problems = await undo(api, richMenuId, defaultTried ? previousDefault : undefined);
    const undone = problems.length === 0 ? 'nothing was changed' : `and undoing failed too:\n  ${problems.join('\n  ')}`;
    throw new LineCallError(`${(err as Error).message}\n${undone}`);
  }
  log(`set it as the default rich menu`);
  const replaced: string[] = [];
  const leftOver: string[] = [];
  for (const old of earlier) {
    try {
      await api.remove(old);
      replaced.push(old);
    } catch (err) {
      leftOver.push(old);
      log(`could not delete the earlier menu ${old}: ${(err as Error).message}`);
    }
  }
  return { richMenuId, replaced, leftOver };
}

/**
 * Puts back the default as it was (a default call that timed out may still have taken effect) and
 * deletes the half-made menu. Returns what could not be undone, for the operator.
 */
async function undo(api: RichMenuApi, richMenuId: string, previousDefault: string | null | undefined): Promise<string[]> {
  const problems: string[] = [];
  if (previousDefault !== undefined) {
    try {
      if (previousDefault) await api.setDefault(previousDefault);
      else await api.cancelDefault();
    } catch (err) {
      problems.push(`the default rich menu may now be ${richMenuId}: ${(err as Error).message}`);
    }
  }
  try {
    await api.remove(richMenuId);
  } catch (err) {
    problems.push(`rich menu ${richMenuId} was left in LINE (run the command again to remove it): ${(err as Error).message}`);
  }
  return problems;
}
