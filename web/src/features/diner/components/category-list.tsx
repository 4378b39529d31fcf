import { Group, Image, Stack, Text, UnstyledButton } from '@mantine/core';
import type { PublicCategory, PublicDish } from '../api/types';
import { toCents } from '../cart';
import classes from './category-list.module.css';
import { useMoney } from './use-money';

/** One dish row: tapping it opens the dish dialog. */
function DishRow({ dish, onOpen, onIntent }: { dish: PublicDish; onOpen: (d: PublicDish) => void; onIntent: () => void }) {
  const money = useMoney();
  const image = dish.dish_dimage[0]?.image;
  return (
    <UnstyledButton onClick={() => onOpen(dish)} onPointerDown={onIntent} data-testid={`dish-${dish.name}`} className={classes.dish}>
      <Group wrap="nowrap" gap="sm" align="flex-start">
        {image && <Image src={image} alt="" w={64} h={64} radius="sm" loading="lazy" style={{ flex: 'none' }} />}
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Text fw={600}>{dish.name}</Text>
            <Text fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="dish-price">
              {money(toCents(dish.price))}
            </Text>
          </Group>
          {dish.description && (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {dish.description}
            </Text>
          )}
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

type Props = { categories: PublicCategory[]; onOpen: (d: PublicDish) => void; onIntent: () => void; nested?: boolean };

/**
 * The category accordion: native <details> (keyboard and screen readers for free, no script on
 * the phone's first load); sub-categories nest inside their parent; the first category starts open.
 */
export function Categories({ categories, onOpen, onIntent, nested }: Props) {
  return (
    <div className={nested ? classes.nested : classes.list}>
      {categories.map((c, i) => (
        <details key={c.id} open={!nested && i === 0} className={classes.category} data-testid={`category-${c.name}`}>
          <summary className={classes.summary}>{c.name}</summary>
          <div className={classes.body}>
            {c.dishes.map((d) => (
              <DishRow key={d.pk} dish={d} onOpen={onOpen} onIntent={onIntent} />
            ))}
            {c.sub_categories.length > 0 && <Categories categories={c.sub_categories} onOpen={onOpen} onIntent={onIntent} nested />}
          </div>
        </details>
      ))}
    </div>
  );
}
