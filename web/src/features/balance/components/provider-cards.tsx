import { Alert, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { MoneyFigure } from '@/components/money-figure';
import { useT } from '@/lib/i18n/messages';
import { useProviderBalance } from '../api/get-provider-balance';

/** The provider balance's four figures (spec part 2 §7 'Balance consult'). */
const PROVIDER_FIGURES = ['available_balance', 'unavailable_balance', 'pending_to_review', 'total_amount'] as const;

/**
 * The owner's MercadoPago balance: available, to liquidate, pending review and total. Dashes while
 * it loads; dashes and a note when the restaurant is not linked (the consult's 404) or the
 * provider does not answer.
 */
export function ProviderCards({ restaurantId }: { restaurantId: number }) {
  const t = useT();
  const balance = useProviderBalance(restaurantId);
  const figures = balance.data ?? undefined;
  return (
    <Stack gap="sm" mb="xl" data-testid="provider-cards">
      <Title order={2} fz="h3">
        {t('balance.provider.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        {PROVIDER_FIGURES.map((f) => (
          <MoneyFigure key={f} label={t(`balance.provider.${f}`)} amount={figures?.[f]} data-testid={`provider-${f}`} />
        ))}
      </SimpleGrid>
      {balance.data === null && (
        <Alert color="orange" icon={<IconPlugConnectedX size={20} />} data-testid="provider-not-linked">
          {t('balance.provider.notLinked')}
        </Alert>
      )}
      {balance.isError && (
        <Alert color="gray" data-testid="provider-unreachable">
          {t('balance.provider.unreachable')}
        </Alert>
      )}
    </Stack>
  );
}
