import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { App } from './app';
import { localeStore } from './lib/i18n/locale';
import { loadCatalog } from './lib/i18n/messages';

const locale = localeStore.get();
document.documentElement.lang = locale;

loadCatalog(locale).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
