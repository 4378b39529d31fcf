import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { toFormData, type FormValue } from '@/lib/form-data';
import { profileKeys, type Profile } from './keys';

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
