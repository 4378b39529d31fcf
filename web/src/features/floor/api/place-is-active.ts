import { api, unwrap } from '@/lib/api-client';

/** POST sit/verificar-sit/ {id} : whether the place has open orders (then it cannot be removed). */
export async function placeIsActive(id: number): Promise<boolean> {
  const { is_active } = await unwrap(api.POST('/api/sit/verificar-sit/', { body: { id } }));
  return is_active;
}
