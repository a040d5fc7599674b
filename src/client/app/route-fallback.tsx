import { Spinner } from '#client/components/ui/spinner.tsx';

export function RouteFallback() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner />
    </div>
  );
}
