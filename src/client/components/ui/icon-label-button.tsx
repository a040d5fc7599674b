import type { LucideIcon } from 'lucide-react';
import { Button, type ButtonProps } from './button.tsx';

/** A button whose label follows a decorative icon, as dialog triggers draw it. */
export function IconLabelButton({
  icon: Icon,
  label,
  ...props
}: Omit<ButtonProps, 'children'> & { icon: LucideIcon; label: string }) {
  return (
    <Button {...props}>
      <Icon aria-hidden /> {label}
    </Button>
  );
}
