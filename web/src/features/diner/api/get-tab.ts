import { request } from './http';
import { dinerKeys } from './keys';
import { useResource } from './resource';
import type { Tab } from './types';

/** GET ordenes/lugar/{token}/ (ordering, anonymous): every line on the table's tab, who ordered it, the total. */
export function getTab(token: string): Promise<Tab> {
  return request<Tab>('GET', `/api/ordenes/lugar/${encodeURIComponent(token)}/`);
}

export function useTab(token: string | null) {
  return useResource(dinerKeys.tab(token ?? ''), () => getTab(token ?? ''), !!token);
}
