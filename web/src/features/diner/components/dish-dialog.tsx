import { useState } from 'react';
import { Box, Button, Group, Image, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useT } from '@/lib/i18n/messages';
import type { PublicDish } from '../api/types';
import { LIMITS, toCents } from '../cart';
import { useMoney } from './use-money';
import { StepButton } from './step-button';

/** A dish: its images, description, a quantity (never below 1) and a comment (up to 100). */
export function DishDialog(props: { dish: PublicDish | null; canOrder: boolean; onClose: () => void; onAdd: (quantity: number, comment: string) => void }) {
  const { dish } = props;
  const t = useT();
  return (
    <Modal opened={dish != null} onClose={props.onClose} title={dish?.name} fullScreen={false} size="lg" centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      {dish && <DishBody key={dish.pk} {...props} dish={dish} />}
    </Modal>
  );
}

function DishBody({ dish, canOrder, onAdd }: { dish: PublicDish; canOrder: boolean; onAdd: (quantity: number, comment: string) => void }) {
  const t = useT();
  const money = useMoney();
  const [quantity, setQuantity] = useState(1);
  const [comment, setComment] = useState('');
  return (
    <Stack gap="md">
      {dish.dish_dimage.length > 0 && (
        <Box style={{ overflowX: 'auto' }} role="group" aria-label={t('diner.dish.images', { name: dish.name })}>
          <Group wrap="nowrap" gap="xs">
            {dish.dish_dimage.map((img) => (
              <Image key={img.id} src={img.image} alt={dish.name} h={200} w="auto" fit="contain" radius="md" style={{ flex: 'none', maxWidth: '85vw' }} />
            ))}
          </Group>
        </Box>
      )}
      {dish.description && <Text>{dish.description}</Text>}
      <Text fw={700} size="lg">
        {money(toCents(dish.price))}
      </Text>
      {canOrder && (
        <>
          <Group gap="sm" align="center" aria-label={t('diner.dish.quantity')} role="group">
            <Text fw={600}>{t('diner.dish.quantity')}</Text>
            <StepButton size={44} label={t('diner.dish.less')} icon={<IconMinus size={20} />} disabled={quantity <= 1} onClick={() => setQuantity((q) => Math.max(1, q - 1))} />
            <Text fw={700} size="xl" miw={28} ta="center" data-testid="dish-quantity" aria-live="polite">
              {quantity}
            </Text>
            <StepButton size={44} label={t('diner.dish.more')} icon={<IconPlus size={20} />} disabled={quantity >= LIMITS.maxQuantity} onClick={() => setQuantity((q) => Math.min(LIMITS.maxQuantity, q + 1))} />
          </Group>
          <Textarea
            label={t('diner.dish.comment')}
            placeholder={t('diner.dish.commentPlaceholder')}
            value={comment}
            maxLength={LIMITS.comment}
            onChange={(e) => setComment(e.currentTarget.value.slice(0, LIMITS.comment))}
            description={t('diner.dish.commentCount', { count: comment.length })}
            rows={2}
          />
          <Button size="lg" fullWidth onClick={() => onAdd(quantity, comment)}>
            {t('diner.dish.add', { price: money(toCents(dish.price) * quantity) })}
          </Button>
        </>
      )}
    </Stack>
  );
}
