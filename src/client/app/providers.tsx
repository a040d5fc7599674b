import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type * as React from 'react';
import { Toaster } from '#client/components/ui/toaster.tsx';
import { queryClient } from '#client/lib/query-client.ts';

// The tooltip provider lives in the staff layout: the public supporter page loads no tooltip code.
export function Providers({ children }: { children: React.ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </I18nProvider>
  );
}
