import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
import { toasterMounted } from '../../lib/toast.ts';

/**
 * The toasts' outlet (sonner), loaded after the page is shown (Providers) so that it is not part of
 * the first page's JavaScript. Once it has subscribed (its own effect runs before this one), the
 * toasts asked for meanwhile are shown.
 */
export function Toaster() {
  const { t } = useLingui();
  useEffect(() => toasterMounted(), []);
  return (
    <Sonner
      theme="dark"
      position="bottom-right"
      visibleToasts={1}
      richColors
      closeButton
      duration={5000}
      containerAriaLabel={t`Notifications`}
      toastOptions={{ className: 'text-sm', closeButtonAriaLabel: t`Close notification` }}
    />
  );
}
