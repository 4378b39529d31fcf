import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/types/api/identity';
import { restaurantKeys } from './keys';

export type Schedule = components['schemas']['Schedule'];

/** GET restaurant-atributes/{id}/horario/ → {horario_apertura, horario_cierre} ('HH:MM[:SS]' or null). */
export function getSchedule(id: number): Promise<Schedule> {
  return unwrap(api.GET('/api/restaurant-atributes/{restaurant_id}/horario/', { params: { path: { restaurant_id: id } } }));
}

export const scheduleQuery = (id: number) => queryOptions({ queryKey: restaurantKeys.schedule(id), queryFn: () => getSchedule(id) });
export const useSchedule = (id: number | null | undefined) => useQuery({ ...scheduleQuery(id ?? 0), enabled: !!id });

/** PUT restaurant-atributes/{id}/horario/: both times ('HH:MM', 24 h) or both null to clear. */
export function setSchedule({ id, schedule }: { id: number; schedule: Schedule }): Promise<Schedule> {
  return unwrap(
    api.PUT('/api/restaurant-atributes/{restaurant_id}/horario/', { params: { path: { restaurant_id: id } }, body: schedule }),
  );
}

export function useSetSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSchedule,
    onSuccess: (schedule, { id }) => {
      queryClient.setQueryData(restaurantKeys.schedule(id), schedule);
      return queryClient.invalidateQueries({ queryKey: restaurantKeys.detail(id) });
    },
  });
}
