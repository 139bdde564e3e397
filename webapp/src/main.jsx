import React, { useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import App from './app/App.jsx';
import { store } from './app/store.js';
import { getConfig, loadHostTable } from './lib/config.js';
import { getLanguage, initialLanguage, setLanguage, subscribeLanguage } from './lib/i18n.js';
import './styles.css';

/** The app, drawn again from scratch in another language (a switch is rare; every string is then the new one). */
function LanguageRoot() {
  const language = useSyncExternalStore(subscribeLanguage, getLanguage);
  return <App key={language} />;
}

// The brand depends on the host table nginx serves, the language on the brand: both before the first paint.
loadHostTable()
  .finally(() => setLanguage(initialLanguage(getConfig().language)))
  .finally(() => createRoot(document.getElementById('root')).render(
    <React.StrictMode>
      <Provider store={store}>
        <BrowserRouter>
          <LanguageRoot />
        </BrowserRouter>
      </Provider>
    </React.StrictMode>,
  ));
