import { createRoot } from 'react-dom/client';
import { StrictMode } from 'react';
import { App } from './ui/App.tsx';
import { installApi } from './api/index.ts';
import './api/parts.ts';
import './ui/styles.css';

installApi();
const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
