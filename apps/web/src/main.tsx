// Tokens and base styles come first so component styles, imported below, build on them.
import './styles/tokens.css';
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadInitialLocale } from './lib/i18n';
import { appMessages } from './lib/i18n/app-messages';
import { applySavedTheme } from './lib/theme';

applySavedTheme();
// Loading the reader's language before the first render avoids a flash of English.
const locale = await loadInitialLocale(appMessages);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');
createRoot(root).render(
  <StrictMode>
    <App locale={locale} />
  </StrictMode>,
);
