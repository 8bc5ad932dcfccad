// The base every page needs; each component's own CSS comes with it (vite.config.ts, mantineCssByComponent).
// The theme's CSS variables are written by MantineProvider (deduplicateCssVariables off), not by a file.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './api/query-client';
import { SessionProvider } from './auth/session';
import { AppRoutes } from './routes';
import { RouteBoundary } from './ui/route-error';
import { cssVariablesResolver, theme } from './ui/theme';
import { toast } from './ui/toast';
import { ToastHost } from './ui/toast-host';
import { rememberIcePolicyFromAddress } from './widgets/intercom/ice-policy';

const queryClient = createQueryClient(toast);

// The installed app's service worker (vite.config.ts): built only, so development stays uncached.
if (import.meta.env.PROD && 'serviceWorker' in navigator) void navigator.serviceWorker.register('/sw.js');

// Before any navigation drops it: `?ice=relay` on the first address (a sign-in page) holds this
// browser's calls to TURN relays (decision 0096).
rememberIcePolicyFromAddress();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} deduplicateCssVariables={false}>
      <ToastHost />
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <BrowserRouter>
            <RouteBoundary>
              <AppRoutes />
            </RouteBoundary>
          </BrowserRouter>
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
