import { Link, useLocation } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-4xl font-bold">404</h1>
      <p className="text-muted-foreground">
        No page at <code className="rounded bg-muted px-1.5 py-0.5">{pathname}</code>
      </p>
      <Button asChild>
        <Link to="/">Back to Dashboard</Link>
      </Button>
    </main>
  );
}
