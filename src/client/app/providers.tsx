import { i18n } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Direction } from 'radix-ui';
import type * as React from 'react';
import { Toaster } from '#client/components/ui/toaster.tsx';
import { queryClient } from '#client/lib/query-client.ts';
import { isLocale, localeDirection } from '#shared/locales.ts';

// Radix lays out Tabs, menus etc. left-to-right unless told the direction. It follows the active
// locale (activateLocale switches it, and sets <html dir>); the server-set <html dir> covers the first paint.
function DirectionFromLocale({ children }: { children: React.ReactNode }) {
  const { i18n: active } = useLingui();
  const dir = isLocale(active.locale)
    ? localeDirection(active.locale)
    : document.documentElement.dir === 'rtl'
      ? 'rtl'
      : 'ltr';
  return <Direction.Provider dir={dir}>{children}</Direction.Provider>;
}

// The tooltip provider lives in the staff layout: the public supporter page loads no tooltip code.
export function Providers({ children }: { children: React.ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <DirectionFromLocale>
        <QueryClientProvider client={queryClient}>
          {children}
          <Toaster />
        </QueryClientProvider>
      </DirectionFromLocale>
    </I18nProvider>
  );
}
