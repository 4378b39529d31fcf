import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { toFormData, type FormValue } from '@/lib/form-data';
import type { components } from '@/types/api/identity';

export type Profile = components['schemas']['ProfilePublic'];

export const profileKeys = { all: ['profile'] as const, me: () => [...profileKeys.all, 'me'] as const };

/** GET cliente/detalles/ → {fk_user, telefono, genero (0 female, 1 male, null), imagen}. */
export function getProfile(): Promise<Profile> {
  return unwrap(api.GET('/api/cliente/detalles/', {}));
}
export const profileQuery = () => queryOptions({ queryKey: profileKeys.me(), queryFn: getProfile });
export const useProfile = () => useQuery(profileQuery());

/** PUT cliente/actualizar/ multipart: fk_user.first_name, fk_user.last_name, telefono, genero, imagen (only what changed). */
export function updateProfile(values: Record<string, FormValue>): Promise<Profile> {
  return unwrap(api.PUT('/api/cliente/actualizar/', { body: toFormData(values) as unknown as Record<string, never> }));
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.me(), profile);
      return queryClient.invalidateQueries({ queryKey: ['auth'] });
    },
  });
}
