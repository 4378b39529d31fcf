import type { ReactNode } from 'react';
import { MessagesScope } from '@/lib/i18n/messages';
import en from '../locales/en.json';
import es from '../locales/es.json';

export function DeliveryMessages({ children }: { children: ReactNode }) {
  return <MessagesScope catalogs={{ es, en }}>{children}</MessagesScope>;
}
