import { useRef, useState } from 'react';
import { Alert, Button, Modal, Stack, TextInput, type TextInputProps } from '@mantine/core';
import { LabelledChoice } from '@/components/labelled-choice';
import { ApiError } from '@/lib/api-client';
import { useT } from '@/lib/i18n/messages';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useCreateDelivery } from '../api/create-delivery';
import type { PublicMenu } from '../api/types';
import { type CartLine, type Checkout, LIMITS, cartTotalCents, checkoutErrors, fromCents, orderNumber, parseAmount } from '../cart';
import { trackingLink } from '../tracking/get-tracking';
import { navigation } from '../navigation';
import { whatsappText, whatsappUrl } from '../whatsapp';
import { sendErrorText } from './send-error';
import { useMoney } from './use-money';

export { navigation };

/**
 * The spec's confirm step (delivery or take away, name, address, cash), then the pre-written
 * WhatsApp message opens the restaurant's wa.me link. The same order is recorded in ordering
 * first (same number), whose answer gives the link of the order's tracking page for the message;
 * a refusal with a reason (stopped, closed, a dish gone) stops the send, while a server or network
 * failure does not keep the diner from sending the message (then without the link).
 */
export function CheckoutDialog(props: { opened: boolean; menu: PublicMenu; lines: CartLine[]; onClose: () => void; onSent: () => void }) {
  const { menu, lines } = props;
  const t = useT();
  const money = useMoney();
  const create = useCreateDelivery();
  const [form, setForm] = useState<Checkout>({ kind: menu.menu.delivery ? 'delivery' : 'takeaway', name: '', address: '', cash: '' });
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // one number and one key per order: a second tap (or a retry) sends the same order again
  const attempt = useRef<{ number: string; key: string } | null>(null);
  const total = cartTotalCents(lines);
  const errors = checkoutErrors(form, total);
  const shown = touched ? errors : {};
  const errorText = (field: keyof typeof errors) => shown[field] && t(shown[field]!, { total: money(total) });
  const set = (changes: Partial<Checkout>) => {
    setForm((f) => ({ ...f, ...changes }));
    attempt.current = null;
  };
  // the three typed answers: required, each with its own error under it
  const field = (name: 'name' | 'address' | 'cash', extra: Partial<TextInputProps>) => (
    <TextInput label={t(`diner.checkout.${name}`)} required value={form[name]} onChange={(e) => set({ [name]: e.currentTarget.value })} error={errorText(name)} {...extra} />
  );

  const send = async () => {
    setTouched(true);
    setFailure(null);
    if (Object.keys(errors).length > 0 || create.isBusy()) return;
    const kindValue = form.kind === 'delivery' ? t('diner.checkout.delivery') : t('diner.checkout.takeaway');
    attempt.current ??= { number: orderNumber(), key: newIdempotencyKey() };
    const { number, key } = attempt.current;
    const words = {
      order: (n: string) => t('diner.wa.order', { number: n }),
      kind: t('diner.wa.kind'),
      kindValue,
      total: t('diner.wa.total'),
      name: t('diner.wa.name'),
      address: t('diner.wa.address'),
      cash: t('diner.wa.cash'),
      comment: t('diner.wa.comment'),
      track: t('diner.wa.track'),
      price: money,
    };
    if (!whatsappUrl(menu.restaurant.whatsapp, '')) {
      setFailure(t('diner.checkout.noWhatsapp'));
      return;
    }
    let tracking: string | null = null;
    try {
      const created = await create.mutateAsync({
        key,
        body: {
          fk_resto: menu.menu.restaurant,
          fk_menu: menu.menu.id,
          type_delivery: form.kind === 'delivery' ? 1 : 2,
          status: '1',
          contact_info: { name: form.name.trim(), phone: '' },
          address: form.kind === 'delivery' ? form.address.trim() : '',
          ordenes: lines.map((l) => ({ fk_dish: l.dish, name: l.name, quantity: l.quantity, extra_commentary: l.comment, status: '1' })),
          fk_delivery: number,
          cash_amount: fromCents(Math.round(parseAmount(form.cash) * 100)),
        },
      });
      // the order's own page, linked in the message (issue 20)
      tracking = created.tracking_token ? trackingLink(created.tracking_token) : null;
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) {
        setFailure(sendErrorText(t, err));
        return;
      }
      // ordering is down or unreachable: the WhatsApp message is the order (spec), send it anyway, without a link
    }
    const url = whatsappUrl(menu.restaurant.whatsapp, whatsappText(number, lines, form, words, tracking))!;
    props.onSent();
    navigation.open(url);
  };

  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('diner.checkout.title')} size="lg" centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack gap="md">
        <LabelledChoice
          label={t('diner.checkout.kind')}
          value={form.kind}
          onChange={(v) => set({ kind: v as Checkout['kind'] })}
          data={[
            { value: 'delivery', label: t('diner.checkout.delivery') },
            { value: 'takeaway', label: t('diner.checkout.takeaway') },
          ]}
        />
        {field('name', { maxLength: LIMITS.name, autoComplete: 'name' })}
        {form.kind === 'delivery' && field('address', { maxLength: LIMITS.address, autoComplete: 'street-address' })}
        {field('cash', { inputMode: 'decimal', description: t('diner.checkout.cashHelp', { total: money(total) }) })}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Stack gap="xs">
          <Button fullWidth color="green" onClick={send} loading={create.isPending}>
            {t('diner.checkout.send')}
          </Button>
          <Button fullWidth variant="default" onClick={props.onClose}>
            {t('common.back')}
          </Button>
        </Stack>
      </Stack>
    </Modal>
  );
}
