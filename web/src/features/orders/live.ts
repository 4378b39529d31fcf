import { hashKey, type FetchQueryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { LiveMessage } from '@/features/notifications';
import { placesKeys, placesQuery, type Place } from '@/lib/places';
import { tableQuery } from './api/get-table';
import { ordersKeys, type LineFilters } from './api/keys';
import type { AnsweredLine, BoardTable, LinePage, Status, TableDetail } from './api/types';

/**
 * The board asks once (issue 19): a live message names what changed (`changed`: the resource, the
 * place, the lines and their versions), and the board fetches again only the query that shows it,
 * once, or not at all when what it holds already covers the change. Its own actions go through the
 * same door with their answers, so the tablet that acted does not fetch again for its own echo.
 *
 * - a place's tab (`tab`): in the sketch, that place's table (`GET ordenes/mesas/{id}/`), whose answer
 *   also redraws its tile; in the list view, the page shown;
 * - a waiter call (`waiter_call`): floor's places (`GET sit/`);
 * - a delivery's lines without a place, and menus: nothing on the board.
 *
 * What is not on screen is only marked stale, and read when it is shown. The jobs of one resource
 * run one after another, so a change that arrives while its resource is being read waits for that
 * read, and is then usually covered by it.
 */

/** What a change did to lines, as a live message or an action's answer tells it. */
export type Change = {
  place: number | null;
  lines: { id: number; status: Status | null; version: number | null }[];
  /** The place's tab was closed (table freed): it is covered once the tab shows no line. */
  freed?: boolean;
};

export function changeOf(m: LiveMessage): Change {
  return { place: m.changed.fk_sit, lines: m.changed.lines, freed: m.type === 'table_freed' };
}

/** An action's answer: the lines it changed, as they now are. */
export function answered(place: number | null, lines: AnsweredLine[], freed = false): Change {
  return { place, lines: lines.map((l) => ({ id: l.id, status: freed ? null : l.status, version: l.version })), freed };
}

/** Whether a place's tab as last read already shows the change. */
export function tabCovers(table: TableDetail, c: Change): boolean {
  if (c.freed) return table.lines.length === 0;
  const held = new Map(table.lines.map((l) => [l.id, l]));
  return (
    c.lines.length > 0 &&
    c.lines.every((l) => {
      const line = held.get(l.id);
      if (l.status === null) return line === undefined;
      return line !== undefined && l.version !== null && line.version >= l.version;
    })
  );
}

/** Whether a page of the list view already shows the change (a line not on it and not in its filter cannot show). */
export function pageCovers(page: LinePage, filters: LineFilters, c: Change): boolean {
  if (c.freed || c.lines.length === 0) return false;
  const held = new Map(page.results.map((l) => [l.id, l]));
  return c.lines.every((l) => {
    const line = held.get(l.id);
    if (line) return l.status !== null && l.version !== null && line.version >= l.version;
    return l.status === null || (filters.status !== '0' && filters.status !== l.status);
  });
}

/** Whether floor's places as last read already show the call a message is about. */
export function callsCover(places: Place[], m: LiveMessage): boolean {
  const place = places.find((p) => p.id === m.changed.fk_sit);
  if (!place) return false;
  if (m.type === 'waiter_call_cleared') return !place.call_waiter;
  return place.call_waiter && place.call_kind === (m.type === 'bill_request' ? 'bill' : 'waiter');
}

const running = new Map<string, Promise<void>>();

/** Runs `job` after the jobs already queued for the same resource. */
function inTurn(key: QueryKey, job: () => Promise<void>): Promise<void> {
  const id = hashKey(key);
  const next = (running.get(id) ?? Promise.resolve()).then(job, job).catch(() => undefined);
  running.set(id, next);
  void next.then(() => {
    if (running.get(id) === next) running.delete(id);
  });
  return next;
}

const isActive = (qc: QueryClient, queryKey: QueryKey) => qc.getQueryCache().findAll({ queryKey, exact: true, type: 'active' }).length > 0;

/** Fetch the query again unless `covers` says what it holds already shows the change. */
async function unlessCovered<T, K extends QueryKey>(qc: QueryClient, options: FetchQueryOptions<T, Error, T, K>, covers: (held: T) => boolean) {
  const held = qc.getQueryData<T>(options.queryKey);
  if (held !== undefined && covers(held)) return;
  await qc.fetchQuery({ ...options, staleTime: 0 });
}

/** A change to a place's tab: the one query that shows it is read again, once. */
export function refreshTab(qc: QueryClient, restaurant: number, c: Change): Promise<void> {
  const pages = qc.getQueryCache().findAll({ queryKey: ordersKeys.linesAll(restaurant), type: 'active' });
  if (pages.length) {
    // the list view is shown: its page; the tables and the place are read when shown again
    void qc.invalidateQueries({ queryKey: ordersKeys.tables(restaurant), refetchType: 'none' });
    if (c.place !== null) void qc.invalidateQueries({ queryKey: ordersKeys.table(restaurant, c.place), refetchType: 'none' });
    return Promise.all(
      pages.map((page) =>
        inTurn(page.queryKey, async () => {
          const filters = page.queryKey[page.queryKey.length - 1] as LineFilters;
          const held = qc.getQueryData<LinePage>(page.queryKey);
          if (held === undefined || !pageCovers(held, filters, c)) await qc.refetchQueries({ queryKey: page.queryKey, exact: true });
        }),
      ),
    ).then(() => undefined);
  }
  if (c.place === null) return Promise.resolve();
  const options = tableQuery(restaurant, c.place);
  return inTurn(options.queryKey, () => unlessCovered(qc, options, (held) => tabCovers(held, c)));
}

/** A waiter call made, asked for the bill, or answered: floor's places, if shown. */
export function refreshCalls(qc: QueryClient, restaurant: number, m: LiveMessage): Promise<void> {
  const options = placesQuery(restaurant);
  if (!isActive(qc, options.queryKey)) {
    void qc.invalidateQueries({ queryKey: placesKeys.list(restaurant), refetchType: 'none' });
    return Promise.resolve();
  }
  return inTurn(options.queryKey, () => unlessCovered(qc, options, (held) => callsCover(held, m)));
}

/** One live message of the restaurant, to the one resource it names. */
export function onMessage(qc: QueryClient, restaurant: number, m: LiveMessage): Promise<void> {
  if (m.fk_resto !== restaurant) return Promise.resolve();
  if (m.changed.resource === 'tab') return refreshTab(qc, restaurant, changeOf(m));
  if (m.changed.resource === 'waiter_call') return refreshCalls(qc, restaurant, m);
  return Promise.resolve(); // a delivery's lines (no place) and menus are not on the board
}

/** After (re)connecting: whatever was missed is read again, once per resource shown. */
export function onReady(qc: QueryClient, restaurant: number): void {
  void qc.invalidateQueries({ queryKey: ordersKeys.board(restaurant) });
  void qc.invalidateQueries({ queryKey: placesKeys.list(restaurant) });
}

/**
 * The wait-time timer (spec part 2 §4): the tables are read again every half of the restaurant's
 * wait time as the server answers it (off when it is 0); the server says which tables are late.
 */
export function latePoll(tables: Pick<BoardTable, 'wait_time'>[] | undefined): number | false {
  const wait = tables?.[0]?.wait_time ?? 0;
  return wait > 0 ? (wait * 60_000) / 2 : false;
}
