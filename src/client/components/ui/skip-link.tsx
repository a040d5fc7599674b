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
    <a
      href={`#${target}`}
      className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:font-medium focus:text-slate-900 focus:shadow"
    >
      {children}
    </a>
  );
}
