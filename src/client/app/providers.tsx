import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { focusHeadingIfAsked } from '../lib/page-focus.ts';
import { showPendingToast } from '../lib/toast.ts';
import { LiveStatusNotice } from '../components/live-status-notice.tsx';
import { LanguageProvider } from '../i18n/provider.tsx';
import { AuthProvider } from './auth.tsx';
import { createQueryClient } from './query-client.ts';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // The toasts' outlet comes after the page is shown (and hydrated): it is not in the first page's JavaScript.
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    void import('../components/ui/toaster.tsx').then(({ Toaster: Loaded }) => live && setToaster(() => Loaded));
    // Waits for the Toaster to listen (lib/toast).
    showPendingToast();
    const stopFocusing = focusHeadingIfAsked();
    return () => {
      live = false;
      stopFocusing();
    };
  }, []);
  return (
    <LanguageProvider>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{children}</AuthProvider>
        <LiveStatusNotice />
        {Toaster ? <Toaster /> : null}
      </QueryClientProvider>
    </LanguageProvider>
  );
}
