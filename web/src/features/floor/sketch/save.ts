import { createSits } from '../api/create-sits';
import { deleteSits } from '../api/delete-sits';
import { updateSits } from '../api/update-sits';
import type { Sit } from '../api/types';
import { changesOf, isEmpty, toInput, type Item } from './model';

export type SaveResult =
  | { kind: 'noData' }
  | { kind: 'saved'; inUse: string[]; ids: Record<string, number> };

/**
 * The sketch save (spec part 1 §4 'Sketch editor'): new places are created (their ids matched back
 * by name), changed ones updated, removed ones sent to the delete call; the places it answers as
 * still in use stay on the server and come back with the reload, each named in an error.
 */
export async function saveSketch(restaurant: number, loaded: Item[], current: Item[], api = { createSits, updateSits, deleteSits }): Promise<SaveResult> {
  const changes = changesOf(loaded, current);
  if (isEmpty(changes)) return { kind: 'noData' };
  const ids: Record<string, number> = {};
  if (changes.created.length) {
    const created: Sit[] = await api.createSits(changes.created.map((it) => toInput(it, restaurant)));
    const byName = new Map(created.map((s) => [s.i_name.toUpperCase(), s.id]));
    for (const it of changes.created) {
      const id = byName.get(it.name.toUpperCase());
      if (id != null) ids[it.key] = id;
    }
  }
  if (changes.updated.length) await api.updateSits(changes.updated.map((it) => ({ ...toInput(it, restaurant), id: it.id! })));
  let inUse: string[] = [];
  if (changes.deleted.length) {
    const { active_locations } = await api.deleteSits(changes.deleted.map((it) => it.id!));
    inUse = active_locations.map((s) => s.i_name);
  }
  return { kind: 'saved', inUse, ids };
}
