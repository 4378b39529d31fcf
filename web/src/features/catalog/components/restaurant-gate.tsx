import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Anchor, Center, Container, Loader, Select } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n/messages';
import { KEYS, read, write } from '@/lib/storage';
import { useMyRestaurants } from '../api/my-restaurants';

/**
 * The restaurant the screen works on: the selected one (`getpk` in the session), else the only
 * one the user works on (an operator's, or an owner's single restaurant), else a choice.
 */
export function RestaurantGate({ children }: { children: (restaurant: number) => ReactNode }) {
  const t = useT();
  const restaurants = useMyRestaurants();
  const [selected, setSelected] = useState<number | null>(() => {
    const stored = Number(read(KEYS.getpk));
    return Number.isInteger(stored) && stored > 0 ? stored : null;
  });
  const list = restaurants.data ?? [];
  const valid = selected != null && (restaurants.isPending || list.some((r) => r.id === selected));

  const choose = (id: number) => {
    const found = list.find((r) => r.id === id);
    write(KEYS.getpk, String(id));
    if (found) write(KEYS.nameResto, found.nombre_local);
    setSelected(id);
  };
  useEffect(() => {
    if (!valid && list.length === 1) choose(list[0].id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [valid, list.length]);

  if (valid) return <>{children(selected)}</>;
  if (restaurants.isPending || (!valid && list.length === 1)) {
    return (
      <Center mih={300}>
        <Loader aria-label="loading" />
      </Center>
    );
  }
  return (
    <Container size="sm" py="xl">
      {list.length === 0 ? (
        <Alert color="orange" title={t('catalog.restaurant.none')}>
          <Anchor component={Link} to={paths.restaurante.path}>
            {t('catalog.restaurant.goToList')}
          </Anchor>
        </Alert>
      ) : (
        <Select
          label={t('catalog.restaurant.choose')}
          data={list.map((r) => ({ value: String(r.id), label: r.nombre_local }))}
          onChange={(v) => v && choose(Number(v))}
          size="md"
        />
      )}
    </Container>
  );
}
