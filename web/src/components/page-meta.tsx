import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useT } from '@/lib/i18n/messages';

export type RouteHandle = { title?: string; description?: string };

/** Title and meta description per page, from the route's handle (catalog ids). */
export function PageMeta() {
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
    | RouteHandle
    | undefined;
  useDocumentMeta(handle);
  return null;
}

/** Writes the page's title and meta description (catalog ids) into the document. */
export function useDocumentMeta(handle?: RouteHandle) {
  const t = useT();
  const title = handle?.title ? `${t(handle.title)} · ${t('app.name')}` : t('app.name');
  const description = t(handle?.description ?? 'meta.default.description');
  useEffect(() => {
    document.title = title;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [title, description]);
}
