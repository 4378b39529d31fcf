import type { ReactNode } from 'react';
import { OrdersMessages } from '@/features/orders/components/orders-messages';
import { MessagesScope } from '@/lib/i18n/messages';
import en from '../locales/en.json';
import es from '../locales/es.json';

// the board's texts too: the screen charges through the board's pay dialog and warns as the board does
export function DeliveryMessages({ children }: { children: ReactNode }) {
  return (
    <OrdersMessages>
      <MessagesScope catalogs={{ es, en }}>{children}</MessagesScope>
    </OrdersMessages>
  );
}
