import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { App } from './app';
import { localeStore } from './lib/i18n/locale';
import { loadCatalog } from './lib/i18n/messages';
import { preloadFirstScreen } from './app/router';

const locale = localeStore.get();
document.documentElement.lang = locale;

Promise.all([loadCatalog(locale), preloadFirstScreen(window.location.pathname)]).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
