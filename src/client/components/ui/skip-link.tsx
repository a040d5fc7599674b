import { useLingui } from '@lingui/react/macro';
import { SKIP_LINK_CLASS } from '#shared/skip-link.ts';

/**
 * The first stop of the keyboard: hidden until focused, then a visible link that
 * jumps past the header to `target` (an element with that id and tabIndex -1).
 */
export function SkipLink({ target, children }: { target: string; children?: string }) {
  const { t } = useLingui();
  return (
    <a href={`#${target}`} className={SKIP_LINK_CLASS}>
      {children ?? t`Skip to main content`}
    </a>
  );
}
