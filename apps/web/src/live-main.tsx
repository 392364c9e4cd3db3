// The player's page (live.html): the join and player screens without the rest of the app.
// Tokens and base styles come first so component styles, imported below, build on them.
import './styles/tokens.css';
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LiveApp } from './app/live-app';
import { liveMessages } from './app/live-messages';
import { loadInitialLocale } from './lib/i18n';
import { applySavedTheme } from './lib/theme';

applySavedTheme();
// Loading the reader's language before the first render avoids a flash of English.
const locale = await loadInitialLocale(liveMessages);

const root = document.getElementById('root');
if (!root) throw new Error('live.html has no #root element.');
createRoot(root).render(
  <StrictMode>
    <LiveApp locale={locale} />
  </StrictMode>,
);
