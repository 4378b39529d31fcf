import { useState } from 'react';
import { Alert, Container, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { DateRangePicker, defaultDateRange, todayRange, type DateRange } from '@/components/date-range-picker';
import { Loading } from '@/components/loading';
import { MoneyFigure } from '@/components/money-figure';
import { PaymentMethodSelect, type PaymentMethod } from '@/components/payment-method-select';
import { RequireRestaurant } from '@/components/require-restaurant';
import { ScreenHeader } from '@/components/screen-header';
import { GROUP } from '@/config/paths';
import { MessagesScope, useT } from '@/lib/i18n/messages';
import { useSession } from '@/lib/session';
import { useBalance } from '../api/get-balance';
import { isNoSales, type RestaurantBalance } from '../api/keys';
import { ProviderCards } from './provider-cards';
import es from '../locales/es.json';
import en from '../locales/en.json';

/** /restaurante/mercadopago-balance: the selected restaurant's money (spec part 2 §2 'Balance screen'). */
export default function BalancePage() {
  return (
    <MessagesScope catalogs={{ es, en }}>
      <RequireRestaurant>{(r) => <BalanceScreen restaurantId={r.id} name={r.name} />}</RequireRestaurant>
    </MessagesScope>
  );
}

/** The period's figures, in the spec's order; the current account is the owner's only. */
const FIGURES = ['importe_total', 'importe_resto', 'ingreso_restaurante', 'cta_cte_resto'] as const satisfies readonly (keyof RestaurantBalance)[];

function BalanceScreen({ restaurantId, name }: { restaurantId: number; name: string }) {
  const t = useT();
  const { groups } = useSession();
  // an operator (group 4) sees what was charged in cash, never the current account
  const operator = groups.includes(GROUP.operator) && !groups.includes(GROUP.owner);
  const [chosen, setMethod] = useState<PaymentMethod>('all');
  const method: PaymentMethod = operator ? 'Efectivo' : chosen;
  // the operator's own range (spec part 2 §2 'Group 4 uses a different date range'): their shift,
  // today, what the cash drawer holds; the owner's stays the last month
  const [range, setRange] = useState<DateRange>(() => (operator ? todayRange() : defaultDateRange()));
  const balance = useBalance({ restaurant: restaurantId, method, start: range.start, end: range.end });
  const figures = FIGURES.filter((f) => !(operator && f === 'cta_cte_resto'));
  const answer = balance.data;
  return (
    <Container size="lg" py="xl">
      <ScreenHeader title={t('page.balance.title')} subtitle={name} />
      {!operator && <ProviderCards restaurantId={restaurantId} />}
      <Title order={2} fz="h3" mb="sm">
        {t('balance.sales.title')}
      </Title>
      <Group gap="sm" align="flex-end" mb="md" wrap="wrap">
        <PaymentMethodSelect value={method} onChange={setMethod} disabled={operator} />
        <DateRangePicker value={range} onChange={setRange} />
      </Group>
      {operator && (
        <Text c="dimmed" mb="md" data-testid="cash-only">
          {t('balance.operator.cashOnly')}
        </Text>
      )}
      {balance.isPending ? (
        <Loading height={160} />
      ) : balance.isError || !answer ? (
        <Alert color="gray">{t('common.loadError')}</Alert>
      ) : isNoSales(answer) ? (
        // billing's own text, in the user's language (Accept-Language)
        <Alert color="gray" data-testid="no-sales">
          {answer.detail}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: figures.length }} spacing="sm" data-testid="balance-figures">
          {figures.map((f) => (
            <MoneyFigure key={f} label={t(`balance.figure.${f}`)} amount={answer[f]} data-testid={`figure-${f}`} />
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}
