import { createSits } from '../api/create-sits';
import { deleteSits } from '../api/delete-sits';
import { updateSits } from '../api/update-sits';
import type { Sit } from '../api/types';
import { changesOf, isEmpty, toInput, type Item } from './model';

export type SaveResult =
  | { kind: 'noData' }
  | { kind: 'saved'; inUse: string[]; ids: Record<string, number> };

/**
 * The sketch save (spec part 1 §4 'Sketch editor'): removed places are sent to the delete call
 * first, then changed ones updated, then new ones created (their ids matched back by name), so a
 * name or number a removed place left free can be reused in the same save; the places the delete
 * answers as still in use stay on the server and come back with the reload, each named in an error.
 */
export async function saveSketch(restaurant: number, loaded: Item[], current: Item[], api = { createSits, updateSits, deleteSits }): Promise<SaveResult> {
  const changes = changesOf(loaded, current);
  if (isEmpty(changes)) return { kind: 'noData' };
  let inUse: string[] = [];
  if (changes.deleted.length) {
    const { active_locations } = await api.deleteSits(changes.deleted.map((it) => it.id!));
    inUse = active_locations.map((s) => s.i_name);
  }
  if (changes.updated.length) await api.updateSits(changes.updated.map((it) => ({ ...toInput(it, restaurant), id: it.id! })));
  const ids: Record<string, number> = {};
  if (changes.created.length) {
    const created: Sit[] = await api.createSits(changes.created.map((it) => toInput(it, restaurant)));
    const byName = new Map(created.map((s) => [s.i_name.toUpperCase(), s.id]));
    for (const it of changes.created) {
      const id = byName.get(it.name.toUpperCase());
      if (id != null) ids[it.key] = id;
    }
  }
  return { kind: 'saved', inUse, ids };
}
