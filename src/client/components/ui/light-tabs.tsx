import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { cn } from '#client/lib/utils.ts';

export interface LightTab {
  value: string;
  label: string;
  /** Rendered only while its tab is selected. */
  content: () => ReactNode;
}

/**
 * WAI-ARIA tabs (automatic activation, roving tabindex, arrows/Home/End) in a few
 * lines, for public pages that must stay small; the look matches ui/tabs.tsx.
 */
export function LightTabs({
  tabs,
  defaultValue,
  label,
  className,
}: {
  tabs: LightTab[];
  defaultValue: string;
  label: string;
  className?: string;
}) {
  const id = useId();
  const [value, setValue] = useState(defaultValue);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(
    0,
    tabs.findIndex((t) => t.value === value),
  );

  const onKeyDown = (e: KeyboardEvent) => {
    const last = tabs.length - 1;
    // Right to left, the row is mirrored: the arrow that points to the next tab is Left.
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const back = rtl ? 'ArrowRight' : 'ArrowLeft';
    const next =
      e.key === forward
        ? (index + 1) % tabs.length
        : e.key === back
          ? (index + last) % tabs.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : -1;
    if (next < 0) return;
    e.preventDefault();
    setValue(tabs[next].value);
    refs.current[next]?.focus();
  };

  const active = tabs[index];
  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="inline-flex h-10 items-center rounded-md bg-muted p-1 text-muted-foreground"
      >
        {tabs.map((t, i) => (
          <button
            key={t.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${t.value}`}
            aria-selected={i === index}
            aria-controls={`${id}-panel-${t.value}`}
            tabIndex={i === index ? 0 : -1}
            onClick={() => setValue(t.value)}
            className={cn(
              'inline-flex items-center justify-center whitespace-nowrap rounded-sm px-3 py-1.5 text-sm font-medium',
              i === index && 'bg-white text-slate-900 shadow-sm',
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel-${active.value}`}
        aria-labelledby={`${id}-tab-${active.value}`}
        className="mt-2"
      >
        {active.content()}
      </div>
    </div>
  );
}
