import { QueryClientProvider } from '@tanstack/react-query';
import type * as React from 'react';
import { Toaster } from '#client/components/ui/toaster.tsx';
import { queryClient } from '#client/lib/query-client.ts';

// The tooltip provider lives in the staff layout: the public supporter page loads no tooltip code.
export function Providers({ children }: { children: React.ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
