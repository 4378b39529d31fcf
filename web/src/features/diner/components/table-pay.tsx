import { Suspense, lazy, useState } from 'react';
import { Box, Button, Stack, Text } from '@mantine/core';
import { useT } from '@/lib/i18n/messages';
import type { TabLine, TableCheckout, TablePayState } from '../api/types';
import { linesCents, nextShareCents, openSplit, payableLines, shareLeft } from '../pay/amounts';
import { useMoney } from './use-money';

/** The dialog's code loads on the first tap on 'Pay' (or the finger's way to it), never with the menu. */
export const payDialogLoader = { load: () => import('../pay/dialog/pay-dialog') };
const PayDialog = lazy(() => payDialogLoader.load());

type Props = { token: string; lines: TabLine[]; state: TablePayState; onStale: () => void };

/**
 * The table's online payment (issue 22), under its tab, once billing says the restaurant takes
 * them: each open equal split ("Paying in 3 shares: 1 paid") with a button for the next share, and
 * 'Pay' while something is left to pay. A few lines on the menu's first load (a lazy part cost
 * more in its preload list than it saved); the dialog loads with its texts on the first tap.
 */
export function TablePay({ token, lines, state, onStale }: Props) {
  const t = useT();
  const money = useMoney();
  const [open, setOpen] = useState<{ share: TableCheckout | null } | null>(null);

  const payable = payableLines(lines);
  const splits = state.checkouts.filter(openSplit);
  const preload = () => void payDialogLoader.load();

  return (
    <Stack gap="sm" data-testid="table-pay">
      {splits.map((split) => (
        <Box key={split.checkout} p="sm" style={{ border: '1px solid var(--mantine-color-blue-outline)', borderRadius: 'var(--mantine-radius-md)', background: 'var(--mantine-color-blue-light)' }} data-testid={`split-${split.checkout}`}>
          <Stack gap="xs">
            <Text fw={600}>{t('diner.pay.split', { of: split.shares, paid: split.shares_paid })}</Text>
            {shareLeft(split) ? (
              <Button fullWidth variant="white" onPointerEnter={preload} onFocus={preload} onClick={() => setOpen({ share: split })}>
                {t('diner.pay.splitPay', { amount: money(nextShareCents(split)) })}
              </Button>
            ) : (
              <Text size="sm">{t('diner.pay.splitWaiting')}</Text>
            )}
          </Stack>
        </Box>
      ))}
      {payable.length > 0 && linesCents(payable) > 0 && (
        <Stack gap={4}>
          <Button size="lg" fullWidth color="green" onPointerEnter={preload} onFocus={preload} onClick={() => setOpen({ share: null })}>
            {t('diner.pay.open')}
          </Button>
          <Text size="sm" c="dimmed" ta="center">
            {t('diner.pay.openHelp')}
          </Text>
        </Stack>
      )}
      {open && (
        <Suspense fallback={null}>
          <PayDialog token={token} tips={state.tips} lines={payable} share={open.share} onClose={() => setOpen(null)} onStale={onStale} />
        </Suspense>
      )}
    </Stack>
  );
}
