import { SKIP_LINK_CLASS } from '#shared/skip-link.ts';

/**
 * The first stop of the keyboard: hidden until focused, then a visible link that
 * jumps past the header to `target` (an element with that id and tabIndex -1).
 */
export function SkipLink({
  target,
  children = 'Skip to main content',
}: {
  target: string;
  children?: string;
}) {
  return (
    <a href={`#${target}`} className={SKIP_LINK_CLASS}>
      {children}
    </a>
  );
}
