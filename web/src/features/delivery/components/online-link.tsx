import { useRef, useState } from 'react';
import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandWhatsapp, IconCheck, IconCopy, IconCreditCard } from '@tabler/icons-react';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { freeLines } from '@/features/orders/api/cancel-online-payment';
import { useShowServerErrors } from '@/lib/api-errors';
import { formatPrice } from '@/lib/i18n/format';
import { useLocale } from '@/lib/i18n/locale';
import { useT } from '@/lib/i18n/messages';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useLinkState } from '@/lib/marketplace-link';
import { DURATION, notify } from '@/lib/notify';
import { type MadeLink, useCreateCheckout } from '../api/create-checkout';
import { type Delivery, deliveryKeys } from '../api/keys';
import { payableOf } from '../api/pay';
import { deliveryNumber } from './format';

/** wa.me with the contact's phone when there is one (its digits, as stored), else the chooser (wa.me/?text=). */
export function whatsappShare(phone: string | null | undefined, text: string): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  return `https://wa.me/${digits ? digits : ''}?text=${encodeURIComponent(text)}`;
}

/**
 * 'Link de pago online' in a delivery order's detail (issue 22), only while billing says the
 * restaurant is linked to MercadoPago: makes the order's checkout (its accepted or delivered,
 * unpaid lines) and shows its link with 'copy' and a WhatsApp message to the contact. While an
 * online payment holds the order's lines and this tablet has no link of it, it says so and offers
 * to cancel that payment (after asking), so the order can be paid another way.
 */
export function OnlineLink({ delivery, restaurant }: { delivery: Delivery; restaurant: number }) {
  const t = useT();
  const [locale] = useLocale();
  const qc = useQueryClient();
  const link = useLinkState(restaurant);
  const made = useQuery<MadeLink>({ queryKey: deliveryKeys.checkout(restaurant, delivery.id), queryFn: skipToken, gcTime: Infinity });
  const create = useCreateCheckout();
  const key = useRef<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [cancelling, setCancelling] = useState<'ask' | 'busy' | null>(null);
  const showErrors = useShowServerErrors({
    title: 'delivery.online.error',
    autoClose: DURATION.default,
    codes: {
      marketplace_not_linked: { text: 'delivery.online.notLinked' },
      nothing_to_pay: { text: 'delivery.online.nothing' },
      lines_in_checkout: { text: 'delivery.online.inCheckout' },
      checkout_approved: { text: 'delivery.online.approved' },
    },
    statuses: { 502: { text: 'delivery.online.provider' } },
  });

  if (!link.data?.mp_active) return null;

  const held = delivery.ordenes.filter((l) => l.status_pay === 'pending' || l.status_pay === 'rejected');
  const payable = payableOf(delivery).filter((l) => !l.status_pay);
  // paid (online or at the counter): no link to send, and nothing to accept first
  const paid = held.length === 0 && payable.length === 0 && delivery.ordenes.some((l) => l.status_pay === 'paid');
  // a link made here shows while its payment holds the lines (or was just made); one that ended does not
  const shown = made.data && !paid && (held.length > 0 || made.data.fresh) ? made.data.checkout : null;

  const makeLink = () => {
    // one key per order until a link comes back: a retry after a lost answer gets the same checkout
    key.current ??= newIdempotencyKey();
    create.mutate({ restaurant, delivery: delivery.id, key: key.current }, { onSuccess: () => (key.current = null), onError: showErrors });
  };
  const copy = (url: string) =>
    navigator.clipboard
      .writeText(url)
      .then(() => {
        setCopied(true);
        notify('success', t('delivery.online.copied'));
        setTimeout(() => setCopied(false), 2000);
      })
      .catch(() => notify('error', t('delivery.share.copyError')));
  const cancel = async () => {
    setCancelling('busy');
    try {
      await freeLines(held.map((l) => l.id));
      qc.removeQueries({ queryKey: deliveryKeys.checkout(restaurant, delivery.id) });
      notify('success', t('delivery.online.cancelled'));
      setCancelling(null);
    } catch (error) {
      showErrors(error);
      setCancelling('ask');
    }
    // the order's lines as ordering has them now (the live message follows as well)
    await qc.invalidateQueries({ queryKey: deliveryKeys.detail(restaurant, delivery.id) });
  };

  return (
    <Paper withBorder radius="md" p="sm" data-testid="online-link">
      <Stack gap="xs">
        <Group gap="xs">
          <IconCreditCard size={20} />
          <Text fw={700}>{t('delivery.online.title')}</Text>
        </Group>
        {shown ? (
          <>
            <Text size="sm" c="dimmed">
              {t('delivery.online.made', { amount: formatPrice(shown.total, locale) })}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <TextInput
                aria-label={t('delivery.online.link')}
                value={shown.init_point}
                readOnly
                style={{ flex: 1, minWidth: 0 }}
                onFocus={(e) => e.currentTarget.select()}
                data-testid="online-link-url"
              />
              <Button variant="light" leftSection={copied ? <IconCheck size={18} /> : <IconCopy size={18} />} onClick={() => void copy(shown.init_point)}>
                {t('delivery.share.copy')}
              </Button>
            </Group>
            <Button
              component="a"
              color="green"
              leftSection={<IconBrandWhatsapp size={20} />}
              href={whatsappShare(
                delivery.contact_info.phone,
                t('delivery.online.message', { name: delivery.contact_info.name, number: deliveryNumber(delivery), amount: formatPrice(shown.total, locale), link: shown.init_point }),
              )}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="online-link-whatsapp"
            >
              {t('delivery.online.whatsapp')}
            </Button>
          </>
        ) : held.length > 0 ? (
          <>
            <Text size="sm">{t('delivery.online.underWay')}</Text>
            <Group>
              <Button variant="light" color="red" onClick={() => setCancelling('ask')}>
                {t('delivery.online.cancel')}
              </Button>
            </Group>
          </>
        ) : paid ? (
          <Text size="sm" data-testid="online-link-paid">
            {t('delivery.online.paid')}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {payable.length ? t('delivery.online.help') : t('delivery.online.nothing')}
            </Text>
            <Group>
              <Button leftSection={<IconCreditCard size={18} />} loading={create.isPending} disabled={!payable.length} onClick={makeLink}>
                {t('delivery.online.make')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
      <ConfirmDialog
        opened={cancelling != null}
        title={t('delivery.online.cancel')}
        message={t('delivery.online.cancelAsk')}
        confirmLabel={t('delivery.online.cancel')}
        closeLabel={t('common.back')}
        loading={cancelling === 'busy'}
        onClose={() => cancelling !== 'busy' && setCancelling(null)}
        onConfirm={() => void cancel()}
      />
    </Paper>
  );
}
