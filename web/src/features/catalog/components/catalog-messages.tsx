import type { ReactNode } from 'react';
import { MessagesScope } from '@/lib/i18n/messages';
import es from '../locales/es.json';
import en from '../locales/en.json';

/** The catalog screens' texts, loaded with their route chunks. */
export function CatalogMessages({ children }: { children: ReactNode }) {
  return <MessagesScope catalogs={{ es, en }}>{children}</MessagesScope>;
}
