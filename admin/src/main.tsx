// Entry of the admin SPA (built by admin/vite.config.ts, served at /admin by the front server).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createAdminRouter } from './routes';
import './styles/admin.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={createAdminRouter()} />
    </StrictMode>,
  );
}
