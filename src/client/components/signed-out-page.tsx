import { Megaphone } from 'lucide-react';

/** The frame of the pages one reaches signed out (log in, invitation, password reset): the Rally name over their card. */
export function SignedOutPage({ children }: { children: React.ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-4 py-10">
      <div className="w-full max-w-md space-y-4">
        <div className="flex items-center justify-center gap-2 text-primary">
          <Megaphone className="size-7" aria-hidden="true" />
          <span className="text-2xl font-bold">Rally</span>
        </div>
        {children}
      </div>
    </main>
  );
}
