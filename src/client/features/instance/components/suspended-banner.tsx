import { TriangleAlert } from 'lucide-react';
import { organizationSuspendedMessage } from '#shared/errors.ts';

/**
 * The staff layout's banner while the member's organisation is suspended by the
 * instance's operators: the reason, and that everything is read-only (the server
 * refuses every change with the same words). Nothing while it is active.
 */
export function SuspendedBanner({
  organization,
}: {
  organization: { suspendedAt: string | null; suspendedReason: string | null } | undefined;
}) {
  if (!organization?.suspendedAt) return null;
  return (
    <div role="alert" className="border-b border-amber-300 bg-amber-50 text-amber-950">
      <p className="mx-auto flex max-w-7xl items-start gap-2 px-4 py-3 text-sm sm:px-6">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span dir="auto">{organizationSuspendedMessage(organization.suspendedReason)}</span>
      </p>
    </div>
  );
}
