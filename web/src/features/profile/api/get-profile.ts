import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { profileKeys, type Profile } from './keys';

/** GET cliente/detalles/ → {fk_user, telefono, genero (0 female, 1 male, null), imagen}. */
export function getProfile(): Promise<Profile> {
  return unwrap(api.GET('/api/cliente/detalles/', {}));
}

export const profileQuery = () => queryOptions({ queryKey: profileKeys.me(), queryFn: getProfile });

export const useProfile = () => useQuery(profileQuery());
