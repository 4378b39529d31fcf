import { useRef, useState } from 'react';
import { Alert, Button, Modal, Stack, TextInput } from '@mantine/core';
import { useT } from '@/lib/i18n/messages';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { read, write } from '@/lib/storage';
import { usePlaceDinerOrder } from '../api/place-order';
import { type CartLine, LIMITS } from '../cart';
import { rememberOrder } from '../my-orders';
import { CartLines } from './cart-lines';
import { sendErrorText } from './send-error';

const NAME_KEY = 'diner-name';

type Props = {
  opened: boolean;
  lines: CartLine[];
  onQuantity: (key: string, quantity: number) => void;
  onClose: () => void;
  /** At a table: send onto the board. From the menu link: go on to the confirm step. */
  table: { token: string; onSent: () => void } | null;
  onContinue: () => void;
};

/** The order review: lines with +/-, the total, then send (table) or confirm (takeaway/delivery). */
export function ReviewDialog(props: Props) {
  const t = useT();
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('diner.cart.title')} size="lg" centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack gap="md">
        <CartLines lines={props.lines} onQuantity={props.onQuantity} />
        {props.table ? (
          <TableSend token={props.table.token} lines={props.lines} onSent={props.table.onSent} onClose={props.onClose} />
        ) : (
          <Stack gap="xs">
            <Button fullWidth disabled={props.lines.length === 0} onClick={props.onContinue}>
              {t('diner.cart.continue')}
            </Button>
            <Button fullWidth variant="default" onClick={props.onClose}>
              {t('diner.cart.back')}
            </Button>
      </Stack>
        )}
      </Stack>
    </Modal>
  );
}

/**
 * The name is typed once (kept on the phone) and every send of one cart carries one
 * Idempotency-Key: a double tap, or a retry after a lost answer, places one order.
 */
function TableSend({ token, lines, onSent, onClose }: { token: string; lines: CartLine[]; onSent: () => void; onClose: () => void }) {
  const t = useT();
  const place = usePlaceDinerOrder(token);
  const [name, setName] = useState(() => read(NAME_KEY) ?? '');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // the key belongs to one cart and one name: any change is another order
  const key = useRef<{ value: string; of: string } | null>(null);
  const signature = JSON.stringify([name.trim(), lines.map((l) => [l.key, l.quantity])]);
  const nameError = touched && !name.trim() ? t('diner.checkout.nameRequired') : undefined;

  const send = () => {
    setTouched(true);
    setFailure(null);
    if (!name.trim() || lines.length === 0 || place.isBusy()) return;
    if (key.current?.of !== signature) key.current = { value: newIdempotencyKey(), of: signature };
    write(NAME_KEY, name.trim());
    place
      .mutateAsync({
        key: key.current.value,
        body: { diner_name: name.trim(), ordenes: lines.map((l) => ({ fk_dish: l.dish, quantity: l.quantity, extra_commentary: l.comment })) },
      })
      .then(
        (answer) => {
          // 'pay only what I ordered' pays the orders this phone placed
          rememberOrder(token, answer.order);
          key.current = null;
          onSent();
        },
        (err: unknown) => setFailure(sendErrorText(t, err)),
      );
  };

  return (
    <Stack gap="sm">
      <TextInput
        label={t('diner.table.name')}
        description={t('diner.table.nameHelp')}
        required
        value={name}
        maxLength={LIMITS.name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={nameError}
        autoComplete="given-name"
      />
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <Stack gap="xs">
        <Button fullWidth disabled={lines.length === 0} loading={place.isPending} onClick={send}>
          {t('diner.table.send')}
        </Button>
        <Button fullWidth variant="default" onClick={onClose}>
          {t('diner.cart.back')}
        </Button>
      </Stack>
    </Stack>
  );
}
