import { PageSpinner } from '#client/components/ui/spinner.tsx';

export function RouteFallback() {
  return <PageSpinner />;
}
