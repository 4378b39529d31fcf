import { useEffect, type ReactNode } from 'react';
import { Alert, Button, Container } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { GROUP, paths } from '@/config/paths';
import { useT } from '@/lib/i18n/messages';
import { getMyRestaurants, myRestaurantsKey } from '@/lib/my-restaurants';
import { selectedRestaurantStore, useSelectedRestaurant, type SelectedRestaurant } from '@/lib/selected-restaurant';
import { useSession } from '@/lib/session';
import { Loading } from './loading';

/**
 * Screens of the tab bar work on the selected restaurant. When the session has none, an
 * operator's one (or an owner's only one) is loaded and selected; otherwise the owner is asked
 * to pick one on /restaurante.
 */
export function RequireRestaurant({ children }: { children: (restaurant: SelectedRestaurant) => ReactNode }) {
  const t = useT();
  const selected = useSelectedRestaurant();
  const { groups } = useSession();
  const mine = useQuery({ queryKey: myRestaurantsKey, queryFn: getMyRestaurants, enabled: !selected });
  const operator = groups.includes(GROUP.operator) && !groups.includes(GROUP.owner);
  const pick = !selected && mine.data && (operator || mine.data.length === 1) ? mine.data[0] : undefined;
  useEffect(() => {
    if (pick) selectedRestaurantStore.select(pick);
  }, [pick]);
  if (selected) return <>{children(selected)}</>;
  if (mine.isPending || pick) {
    return <Loading />;
  }
  return (
    <Container size="sm" py="xl">
      <Alert color="orange" data-testid="choose-restaurant">
        {t('restaurant.choose')}
        {!operator && (
          <Button component={Link} to={paths.restaurante.path} mt="md" display="block">
            {t('restaurant.goToList')}
          </Button>
        )}
      </Alert>
    </Container>
  );
}
