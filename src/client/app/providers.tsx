import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { showPendingToast } from '../lib/toast.ts';
import { AuthProvider } from './auth.tsx';
import { createQueryClient } from './query-client.ts';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => {
    // The Toaster subscribes in its own effect; show the pending toast after it.
    const timer = window.setTimeout(showPendingToast, 0);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      <Toaster theme="dark" position="bottom-right" visibleToasts={1} richColors closeButton duration={5000} toastOptions={{ className: 'text-sm' }} />
    </QueryClientProvider>
  );
}
