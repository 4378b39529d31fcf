import { Badge, Card, Center, Group, Image, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconToolsKitchen2 } from '@tabler/icons-react';
import { useLocale } from '@/lib/i18n/locale';
import { formatPrice } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/messages';
import type { Dish } from '../api/types';

/** A dish in the grid: image, name, price, description, category; grey when disabled. */
export function DishCard({ dish, onOpen }: { dish: Dish; onOpen: (dish: Dish) => void }) {
  const t = useT();
  const [locale] = useLocale();
  const image = dish.dish_dimage.find((i) => !i.soft_delete);
  return (
    <UnstyledButton onClick={() => onOpen(dish)} data-testid={`dish-card-${dish.name}`} data-disabled={dish.disable || undefined} style={{ display: 'block', height: '100%' }}>
      {/* the name a screen reader hears starts with the action and holds all the card shows */}
      <VisuallyHidden>{t('common.edit')} </VisuallyHidden>
      <Card
        withBorder
        radius="md"
        padding="sm"
        h="100%"
        style={dish.disable ? { filter: 'grayscale(1)', background: 'var(--mantine-color-gray-1)' } : undefined}
      >
        <Card.Section>
          {image ? (
            <Image src={image.image} alt={dish.name} h={160} fit="cover" loading="lazy" />
          ) : (
            <Center h={160} bg="gray.1">
              <IconToolsKitchen2 size={48} color="var(--mantine-color-gray-5)" aria-hidden />
            </Center>
          )}
        </Card.Section>
        <Group justify="space-between" mt="sm" wrap="nowrap" align="flex-start">
          <Text fw={600} lineClamp={2}>
            {dish.name}
          </Text>
          <Text fw={600} c={dish.disable ? 'dimmed' : 'teal.9'} style={{ whiteSpace: 'nowrap' }} data-testid="dish-price">
            {formatPrice(dish.price, locale)}
          </Text>
        </Group>
        {dish.description && (
          <Text size="sm" c="dimmed" lineClamp={3} mt={4}>
            {dish.description}
          </Text>
        )}
        <Group gap="xs" mt="sm">
          <Badge variant="light">{dish.group_dish.name}</Badge>
          {dish.disable && (
            <Badge color="gray" variant="filled">
              {t('catalog.dish.disabled')}
            </Badge>
          )}
        </Group>
      </Card>
    </UnstyledButton>
  );
}
