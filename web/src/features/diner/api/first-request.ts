/**
 * The diner's first requests (the place of a table's QR and its menu, or the menu of a menu
 * link), started as soon as the page's HTML names this module: `menus.html` loads it on its own,
 * ahead of the app's code, so on a slow phone the answers are there when the menu first renders
 * (issue 13: largest paint within 2 s). It imports nothing, to stay a file of a few hundred bytes.
 */
export const placePath = (token: string) => `/api/sit/lugar/${encodeURIComponent(token)}/`;
export const publicMenuPath = (menuId: number) => `/api/public-menu/?menu=${menuId}`;

/** What a `/menus` link names: a place's token (`?p=`, its QR) or a menu (`?menu=`), or neither. */
export function readMenuLink(search: string): { token: string } | { menuId: number } | null {
  const params = new URLSearchParams(search);
  const token = params.get('p');
  if (token) return { token };
  const menuId = Number(params.get('menu'));
  return Number.isInteger(menuId) && menuId > 0 ? { menuId } : null;
}

// null when an early request failed: the screen's own request then runs and reports it
const started = new Map<string, Promise<Response | null>>();
// settled once every early request has started: a table's menu starts when its place has answered,
// and the screen, reading the same answer, must not ask for the menu itself a moment before
let allStarted: Promise<unknown> = Promise.resolve();

/** The answer started early for this path, handed out once (a refetch asks the server again). */
export async function takeStarted(path: string): Promise<Response | null | undefined> {
  await allStarted;
  const response = started.get(path);
  started.delete(path);
  return response;
}

function start(path: string): Promise<Response | null> {
  const response = fetch(path).catch(() => null);
  started.set(path, response);
  return response;
}

if (typeof window !== 'undefined' && window.location.pathname === '/menus') {
  const link = readMenuLink(window.location.search);
  if (link && 'token' in link) {
    // a table's QR: its menu is known once the place answers
    allStarted = start(placePath(link.token)).then(async (place) => {
      const menuId: unknown = place?.ok ? (await place.clone().json().catch(() => null))?.fk_menu : null;
      if (typeof menuId === 'number') start(publicMenuPath(menuId));
    });
  } else if (link) start(publicMenuPath(link.menuId));
}
