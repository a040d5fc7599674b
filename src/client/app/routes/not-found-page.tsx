import { Trans } from '@lingui/react/macro';
import { Link, useLocation } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-4xl font-bold">404</h1>
      <p className="text-muted-foreground">
        <Trans>
          No page at{' '}
          <code className="rounded bg-muted px-1.5 py-0.5" dir="ltr">
            {pathname}
          </code>
        </Trans>
      </p>
      <Button asChild>
        <Link to="/">
          <Trans>Back to Dashboard</Trans>
        </Link>
      </Button>
    </main>
  );
}
