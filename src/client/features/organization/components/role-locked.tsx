import { useLingui } from '@lingui/react/macro';
import { LockIcon } from 'lucide-react';
import { useId } from 'react';
import { ROLE_NEEDED, type Role } from '#shared/schemas/members.ts';
import { Button, type ButtonProps } from '#client/components/ui/button.tsx';
import { Tooltip } from '#client/components/ui/tooltip.tsx';
import { cn } from '#client/lib/utils.ts';
import { useRole } from '../hooks/use-role.ts';

/**
 * Renders `children` (the real control) when the member's role allows it; otherwise
 * a look-alike button that does nothing and says why on hover and focus. It stays
 * focusable (aria-disabled, not disabled) so keyboard and screen-reader users meet
 * the reason too.
 */
export function RoleLocked({
  needs,
  label,
  children,
  className,
  size,
  variant,
}: {
  /** The weakest role the control needs. */
  needs: Role;
  /** The locked button's text, as the real control reads. */
  label: React.ReactNode;
  children: React.ReactNode;
} & Pick<ButtonProps, 'className' | 'size' | 'variant'>) {
  const { can } = useRole();
  const { i18n } = useLingui();
  if (can(needs)) return children;
  return (
    <LockedButton reason={i18n._(ROLE_NEEDED[needs])} className={className} size={size} variant={variant}>
      {label}
    </LockedButton>
  );
}

/** A button that cannot act, with its reason as tooltip and accessible description. */
export function LockedButton({
  reason,
  children,
  className,
  ...props
}: { reason: string; children: React.ReactNode } & Pick<ButtonProps, 'className' | 'size' | 'variant'>) {
  const id = useId();
  return (
    <Tooltip content={reason}>
      <Button
        {...props}
        aria-disabled="true"
        aria-describedby={id}
        data-locked=""
        onClick={(e) => e.preventDefault()}
        className={cn('cursor-not-allowed opacity-60', className)}
      >
        <LockIcon aria-hidden /> {children}
        <span id={id} className="sr-only">
          {reason}
        </span>
      </Button>
    </Tooltip>
  );
}
