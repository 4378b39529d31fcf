import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { DinerApp, DinerMenu } from './app/diner-app';
import { localeStore } from './lib/i18n/locale';
import { loadCatalog } from './lib/i18n/messages';

// menus.html's entry (the app's is main.tsx): the diner's page, loaded before the first render
const locale = localeStore.get();
document.documentElement.lang = locale;

Promise.all([loadCatalog(locale), DinerMenu.preload()]).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <DinerApp />
    </StrictMode>,
  ),
);
