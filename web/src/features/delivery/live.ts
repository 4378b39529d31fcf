import { type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { LiveMessage } from '@/features/notifications';
import { deliveriesQuery } from './api/get-deliveries';
import { deliveryQuery } from './api/get-delivery';
import { type Delivery, type DeliveryFilters, type DeliveryPage, type MovedLine, type Status, deliveryKeys } from './api/keys';

/**
 * The delivery screen asks once, as the board does (web/README.md 'The board asks once'): a live
 * message names the delivery it changed (`changed.fk_delivery`) and its lines with their versions,
 * and the screen reads again only what shows it, once, or nothing when what it holds already
 * shows the change:
 *
 * - the page shown lists every status ('All'): that delivery alone (`GET delivery/{id}/`), put in
 *   its row and in its detail dialog; nothing when it is on another page;
 * - the page shown is filtered by a status: the page (`GET delivery/`), since the delivery may
 *   enter or leave it; its answer also refreshes an open detail dialog;
 * - a new delivery (`new_delivery`): the page, when it is 'All' or 'New' (it comes in at the top);
 * - nothing shown: only marked stale.
 *
 * The tablet that acts goes through the same door with its answer: a move reads once and its echo
 * is then covered by the lines' versions; an edit's answer is put in place and its echo
 * (`delivery_changed`, which carries no version) is recognised by the fields it names. All the
 * jobs of a restaurant run one after another, so a message that arrives during a read waits for it
 * and is then usually covered by it.
 */

type ChangedLine = { id: number; status: Status | null; version: number | null };

export type Change =
  | { kind: 'new' | 'lines'; delivery: number | null; lines: ChangedLine[] }
  | { kind: 'facts'; delivery: number | null; fields: string[]; fromAdmin: boolean };

export function changeOf(m: LiveMessage): Change {
  const delivery = m.changed.fk_delivery;
  if (m.type === 'delivery_changed') return { kind: 'facts', delivery, fields: m.data.fields, fromAdmin: m.from_admin };
  return { kind: m.type === 'new_delivery' ? 'new' : 'lines', delivery, lines: m.changed.lines };
}

/** A move's answer: the delivery's lines as they now are. */
export function answered(delivery: number, lines: MovedLine[]): Change {
  return { kind: 'lines', delivery, lines: lines.map((l) => ({ id: l.id, status: l.status, version: l.version })) };
}

/** Whether a delivery as last read already shows the lines of a change at their versions. */
export function holds(d: Delivery, c: Change): boolean {
  if (c.kind === 'facts' || c.lines.length === 0) return false;
  const held = new Map(d.ordenes.map((l) => [l.id, l]));
  return c.lines.every((l) => {
    const line = held.get(l.id);
    if (l.status === null) return line === undefined;
    return line !== undefined && l.version !== null && line.version >= l.version;
  });
}

// --- the echo of this tablet's own edits ---------------------------------------------------------

const echoes = new Map<string, string[][]>();
const echoKey = (restaurant: number, id: number) => `${restaurant}:${id}`;
const sameFields = (a: string[], b: string[]) => a.length === b.length && a.every((f) => b.includes(f));

/** The fields an edit changed, as `delivery_changed` names them. */
export function changedFields(before: Delivery, after: Partial<Delivery>): string[] {
  const fields: string[] = [];
  if (after.type_delivery !== undefined && after.type_delivery !== before.type_delivery) fields.push('type');
  if (after.contact_info && (after.contact_info.name !== before.contact_info.name || after.contact_info.phone !== before.contact_info.phone)) fields.push('contact');
  if (after.address !== undefined && after.address !== before.address) fields.push('address');
  if (after.fk_sit !== undefined && after.fk_sit !== before.fk_sit) fields.push('place');
  if (after.fk_delivery !== undefined && after.fk_delivery !== before.fk_delivery) fields.push('number');
  if (after.details !== undefined && after.details !== before.details) fields.push('details');
  return fields;
}

function expectEcho(restaurant: number, id: number, fields: string[]) {
  if (!fields.length) return; // nothing changed: the server announces nothing
  const key = echoKey(restaurant, id);
  echoes.set(key, [...(echoes.get(key) ?? []), fields]);
}

/** Whether a `delivery_changed` is the echo of an edit this tablet made and already shows. */
function isEcho(restaurant: number, c: Change): boolean {
  if (c.kind !== 'facts' || !c.fromAdmin || c.delivery === null) return false;
  const key = echoKey(restaurant, c.delivery);
  const pending = echoes.get(key) ?? [];
  const at = pending.findIndex((fields) => sameFields(fields, c.fields));
  if (at < 0) return false;
  pending.splice(at, 1);
  if (pending.length) echoes.set(key, pending);
  else echoes.delete(key);
  return true;
}

// --- reading --------------------------------------------------------------------------------------

const turns = new Map<number, Promise<void>>();

/** Runs `job` after the restaurant's jobs already queued. */
function inTurn(restaurant: number, job: () => Promise<void>): Promise<void> {
  const next = (turns.get(restaurant) ?? Promise.resolve()).then(job, job).catch(() => undefined);
  turns.set(restaurant, next);
  void next.then(() => {
    if (turns.get(restaurant) === next) turns.delete(restaurant);
  });
  return next;
}

const isActive = (qc: QueryClient, queryKey: QueryKey) => qc.getQueryCache().findAll({ queryKey, exact: true, type: 'active' }).length > 0;
const filtersOf = (key: QueryKey) => key[key.length - 1] as DeliveryFilters;
const fits = (d: Delivery, filters: DeliveryFilters) => filters.status === '0' || d.status === filters.status;

/**
 * A delivery as just read or answered, put everywhere it shows: its detail, and its row in the
 * pages that hold it (a filtered page it no longer fits is marked stale instead).
 */
export function putDelivery(qc: QueryClient, restaurant: number, d: Delivery) {
  const detail = deliveryKeys.detail(restaurant, d.id);
  if (qc.getQueryData(detail) !== undefined) qc.setQueryData(detail, d);
  for (const query of qc.getQueryCache().findAll({ queryKey: deliveryKeys.lists(restaurant) })) {
    const page = query.state.data as DeliveryPage | undefined;
    if (!page?.results.some((row) => row.id === d.id)) continue;
    if (fits(d, filtersOf(query.queryKey))) {
      qc.setQueryData<DeliveryPage>(query.queryKey, { ...page, results: page.results.map((row) => (row.id === d.id ? d : row)) });
    } else {
      void qc.invalidateQueries({ queryKey: query.queryKey, exact: true, refetchType: 'none' });
    }
  }
}

/** A page as just read: the open detail dialogs of its deliveries follow it. */
function putPage(qc: QueryClient, restaurant: number, page: DeliveryPage) {
  for (const d of page.results) {
    const detail = deliveryKeys.detail(restaurant, d.id);
    if (qc.getQueryData(detail) !== undefined) qc.setQueryData(detail, d);
  }
}

async function readPage(qc: QueryClient, restaurant: number, filters: DeliveryFilters) {
  const page = await qc.fetchQuery({ ...deliveriesQuery(restaurant, filters), staleTime: 0 });
  putPage(qc, restaurant, page);
  return page;
}

async function readDelivery(qc: QueryClient, restaurant: number, id: number) {
  const d = await qc.fetchQuery({ ...deliveryQuery(restaurant, id), staleTime: 0 });
  putDelivery(qc, restaurant, d);
}

type Read = { page: DeliveryFilters } | { delivery: number };

/** What one change needs read (nothing, that delivery, or the page shown); pages not shown are marked stale. */
function readFor(qc: QueryClient, restaurant: number, c: Change): Read | null {
  const id = c.delivery;
  const covers = (d: Delivery | undefined) => d !== undefined && holds(d, c);
  for (const query of qc.getQueryCache().findAll({ queryKey: deliveryKeys.lists(restaurant) })) {
    const filters = filtersOf(query.queryKey);
    const row = id === null ? undefined : (query.state.data as DeliveryPage | undefined)?.results.find((d) => d.id === id);
    if (covers(row)) continue;
    // where the change can show: a new delivery comes in new, at the top of 'All' and 'New'; any
    // other change shows on its own row, and may take a delivery into or out of a filtered page
    const affected = c.kind === 'new' ? filters.status === '0' || filters.status === '1' : row !== undefined || (filters.status !== '0' && c.kind === 'lines');
    if (!affected) continue;
    if (!isActive(qc, query.queryKey)) {
      void qc.invalidateQueries({ queryKey: query.queryKey, exact: true, refetchType: 'none' });
      continue;
    }
    // its row stays where it is on 'All', and a change of its own facts never moves it: the delivery alone
    return row !== undefined && (filters.status === '0' || c.kind === 'facts') ? { delivery: row.id } : { page: filters };
  }
  // no page shows it, but its detail dialog may
  if (id === null || c.kind === 'new') return null;
  const detail = deliveryKeys.detail(restaurant, id);
  return isActive(qc, detail) && !covers(qc.getQueryData<Delivery>(detail)) ? { delivery: id } : null;
}

/**
 * Changes of the restaurant's deliveries (a message's one, or a bulk move's several): at most one
 * read, of the one query that shows them.
 */
export function refresh(qc: QueryClient, restaurant: number, ...changes: Change[]): Promise<void> {
  return inTurn(restaurant, async () => {
    const reads = changes.filter((c) => !isEcho(restaurant, c)).map((c) => readFor(qc, restaurant, c)).filter((r) => r !== null);
    if (!reads.length) return;
    const page = reads.find((r) => 'page' in r);
    const deliveries = new Set(reads.flatMap((r) => ('delivery' in r ? [r.delivery] : [])));
    if (!page && deliveries.size === 1) return readDelivery(qc, restaurant, [...deliveries][0]!);
    // several rows of one page: the page, once
    const filters = page?.page ?? activePage(qc, restaurant);
    if (!filters) return;
    const answer = await readPage(qc, restaurant, filters);
    // an open detail of a delivery that left the filtered page is read on its own
    for (const c of changes) {
      if (c.delivery !== null && !answer.results.some((d) => d.id === c.delivery) && isActive(qc, deliveryKeys.detail(restaurant, c.delivery))) {
        await readDelivery(qc, restaurant, c.delivery);
      }
    }
  });
}

function activePage(qc: QueryClient, restaurant: number): DeliveryFilters | null {
  const shown = qc.getQueryCache().findAll({ queryKey: deliveryKeys.lists(restaurant), type: 'active' })[0];
  return shown ? filtersOf(shown.queryKey) : null;
}

/** This tablet moved lines: their deliveries as answered, read once; the echoes then cost nothing. */
export function moved(qc: QueryClient, restaurant: number, lines: MovedLine[]): Promise<void> {
  const byDelivery = new Map<number, MovedLine[]>();
  for (const l of lines) if (l.fk_delivery !== null) byDelivery.set(l.fk_delivery, [...(byDelivery.get(l.fk_delivery) ?? []), l]);
  return refresh(qc, restaurant, ...[...byDelivery].map(([id, mine]) => answered(id, mine)));
}

/** One live message of the restaurant: deliveries only (a table's tab is the board's). */
export function onMessage(qc: QueryClient, restaurant: number, m: LiveMessage): Promise<void> {
  if (m.fk_resto !== restaurant || m.changed.resource !== 'delivery') return Promise.resolve();
  return refresh(qc, restaurant, changeOf(m));
}

/** After (re)connecting: what was missed is read again, once per query shown. */
export function onReady(qc: QueryClient, restaurant: number): void {
  echoes.clear();
  void qc.invalidateQueries({ queryKey: deliveryKeys.lists(restaurant) });
  void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'delivery' && q.queryKey[1] === restaurant && q.queryKey[2] === 'detail' });
}

/** This tablet's edit answered: shown at once, and its echo will cost nothing. */
export function edited(qc: QueryClient, restaurant: number, before: Delivery, after: Delivery) {
  expectEcho(restaurant, after.id, changedFields(before, after));
  putDelivery(qc, restaurant, after);
}
