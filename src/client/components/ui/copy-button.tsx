import { useLingui } from '@lingui/react/macro';
import { CheckIcon, CopyIcon, type LucideIcon } from 'lucide-react';
import { type CopyNotice, useCopied } from '#client/lib/use-copied.ts';
import { Button } from './button.tsx';
import { Tooltip } from './tooltip.tsx';

/** A copier from useCopied, to share one confirmation between this button and another control. */
export type Copier = ReturnType<typeof useCopied>;

/**
 * The one copy-with-confirmation button: copies `value`, then reads 'Copied!' with a
 * tick for 2 s and toasts `notice` (useCopied); `tooltip` also shows while it reads
 * 'Copied!'. `onCopied` runs after a successful copy. Children follow the label
 * (e.g. a screen-reader-only "for {title}").
 */
export function CopyButton({
  value,
  label,
  notice,
  copier,
  icon: Icon = CopyIcon,
  tooltip,
  onCopied,
  children,
  ...props
}: {
  value: string;
  label: string;
  notice: CopyNotice;
  copier?: Copier;
  icon?: LucideIcon;
  tooltip?: string;
  onCopied?: () => void;
} & Omit<React.ComponentProps<typeof Button>, 'onClick' | 'value'>) {
  const { t } = useLingui();
  const own = useCopied(notice);
  const { copied, copy } = copier ?? own;
  const button = (
    <Button
      variant="outline"
      {...props}
      onClick={() =>
        void copy(value).then((ok) => {
          if (ok) onCopied?.();
        })
      }
    >
      {copied ? <CheckIcon aria-hidden /> : <Icon aria-hidden />}
      {copied ? t`Copied!` : label}
      {children}
    </Button>
  );
  if (!tooltip) return button;
  return (
    <Tooltip content={tooltip} open={copied}>
      {button}
    </Tooltip>
  );
}
