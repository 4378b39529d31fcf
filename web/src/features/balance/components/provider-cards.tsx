import { Alert, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { MoneyFigure } from '@/components/money-figure';
import { useT } from '@/lib/i18n/messages';

/** The provider balance's four figures (spec part 2 §7 'Balance consult'). */
const PROVIDER_FIGURES = ['available_balance', 'unavailable_balance', 'pending_to_review', 'total_amount'] as const;

/**
 * The owner's marketplace balance: available, to liquidate, pending review and total. The
 * marketplace link arrives with the next issue; until then these read as the spec's 'not linked'
 * case (a 404 from the balance consult): dashes and a note.
 */
export function ProviderCards() {
  const t = useT();
  return (
    <Stack gap="sm" mb="xl" data-testid="provider-cards">
      <Title order={2} fz="h3">
        {t('balance.provider.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        {PROVIDER_FIGURES.map((f) => (
          <MoneyFigure key={f} label={t(`balance.provider.${f}`)} data-testid={`provider-${f}`} />
        ))}
      </SimpleGrid>
      <Alert color="orange" icon={<IconPlugConnectedX size={20} />} data-testid="provider-not-linked">
        {t('balance.provider.notLinked')}
      </Alert>
    </Stack>
  );
}
