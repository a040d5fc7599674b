import { cn } from '#client/lib/utils.ts';
import type { PublicUser } from '#shared/schemas/auth.ts';
import { initials } from '../lib/user-display.ts';

/** Initials in a circle; decorative, the name is always written next to it or in a label. */
export function UserAvatar({
  user,
  className,
}: {
  user: Pick<PublicUser, 'username' | 'firstName' | 'lastName'>;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-9 shrink-0 select-none items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground',
        className,
      )}
    >
      {initials(user)}
    </span>
  );
}
