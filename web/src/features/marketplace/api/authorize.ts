import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { linkKeys } from '@/lib/marketplace-link';
import { myRestaurantsKey } from '@/lib/my-restaurants';
import type { AuthorizationInput, LinkState } from './keys';

/** POST autorizacion/ {code, fk_resto, state} → the new link state; refusals are `{detail, code}`. */
export function authorize(input: AuthorizationInput): Promise<LinkState> {
  return unwrap(api.POST('/api/autorizacion/', { body: input }));
}

export function useAuthorize() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: authorize,
    onSuccess: (state) => {
      // billing's answer is the link state itself (identity's mp_active follows it by an event)
      queryClient.setQueryData(linkKeys.of(state.fk_resto), state);
      return queryClient.invalidateQueries({ queryKey: [myRestaurantsKey[0]] });
    },
  });
}
