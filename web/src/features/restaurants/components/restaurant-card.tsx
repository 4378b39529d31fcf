import { ActionIcon, Badge, Button, Card, Group, Image, Stack, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { IconBuildingStore, IconPencil, IconTrash } from '@tabler/icons-react';
import { useT } from '@/lib/i18n/messages';
import type { Restaurant } from '../api/keys';

type Props = {
  restaurant: Restaurant;
  selected: boolean;
  hint?: boolean;
  onOpen: () => void;
  onEdit: () => void;
  onDelete: () => void;
};

/** A card of the owner's list: logo, name, address; open (select and edit), edit, delete. */
export function RestaurantCard({ restaurant, selected, hint, onOpen, onEdit, onDelete }: Props) {
  const t = useT();
  const name = restaurant.nombre_local;
  return (
    <Card withBorder radius="md" padding="md" data-testid="restaurant-card" style={selected ? { borderColor: 'var(--mantine-color-orange-6)', borderWidth: 2 } : undefined}>
      <Card.Section>
        <UnstyledButton onClick={onOpen} w="100%" aria-label={t('restaurants.open', { name })}>
          {restaurant.logo ? (
            <Image src={restaurant.logo} h={140} fit="contain" bg="gray.0" alt={t('restaurants.logo.alt', { name })} />
          ) : (
            <Group h={140} justify="center" bg="gray.0">
              <IconBuildingStore size={64} color="var(--mantine-color-gray-5)" aria-hidden />
            </Group>
          )}
        </UnstyledButton>
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={3} fz="lg" lineClamp={1}>
            {name}
          </Title>
          {selected && <Badge color="orange">{t('restaurants.selected')}</Badge>}
        </Group>
        <Text c="dimmed" fz="sm" lineClamp={2} mih={40}>
          {restaurant.direccion || t('restaurants.noAddress')}
        </Text>
        {!restaurant.profile_complete && (
          <Badge color="yellow" variant="light" data-testid="profile-incomplete">
            {t('restaurants.incomplete.badge')}
          </Badge>
        )}
      </Stack>
      <Group mt="md" justify="space-between" wrap="nowrap">
        <Tooltip label={t('restaurants.hint')} opened={hint} withArrow position="bottom" multiline w={220}>
          <Button onClick={onOpen}>
            {t('restaurants.openShort')}
          </Button>
        </Tooltip>
        <Group gap="xs" wrap="nowrap">
          <ActionIcon variant="light" size={44} onClick={onEdit} aria-label={t('restaurants.edit.aria', { name })}>
            <IconPencil size={22} />
          </ActionIcon>
          <ActionIcon variant="light" color="red" size={44} onClick={onDelete} aria-label={t('restaurants.delete.aria', { name })}>
            <IconTrash size={22} />
          </ActionIcon>
        </Group>
      </Group>
    </Card>
  );
}
