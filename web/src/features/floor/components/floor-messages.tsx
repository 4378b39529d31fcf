import type { ReactNode } from 'react';
import { MessagesScope } from '@/lib/i18n/messages';
import es from '../locales/es.json';
import en from '../locales/en.json';

/** The floor screens' texts, loaded with their route chunks. */
export function FloorMessages({ children }: { children: ReactNode }) {
  return <MessagesScope catalogs={{ es, en }}>{children}</MessagesScope>;
}
