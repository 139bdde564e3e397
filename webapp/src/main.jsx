import React from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import App from './app/App.jsx';
import { store } from './app/store.js';
import { loadHostTable } from './lib/config.js';
import './styles.css';

// The brand depends on the host table nginx serves: read it before the first paint.
loadHostTable().finally(() => createRoot(document.getElementById('root')).render(
  <React.StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </Provider>
  </React.StrictMode>,
));
