import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { CheckLine } from '#client/components/ui/check-line.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { cn } from '#client/lib/utils.ts';
import { type DateRange, MAX_RANGE_DAYS, RANGE_PRESETS, type RangePreset } from '../lib/date-range.ts';

/** Whose local days the view counts in: the organisation's (the default) or the reader's. */
export type ZoneSource = 'organization' | 'browser';

/**
 * The range picker: presets, or two date inputs for a custom range. The server judges a
 * custom range (at most MAX_RANGE_DAYS days, `to` not before `from`); its message shows
 * here, on the inputs it is about.
 */
export function RangeControl({
  preset,
  onPresetChange,
  custom,
  onCustomChange,
  tz,
  zone,
  error,
}: {
  preset: RangePreset;
  onPresetChange: (p: RangePreset) => void;
  custom: DateRange;
  onCustomChange: (r: DateRange) => void;
  tz: string;
  zone: {
    source: ZoneSource;
    organizationZone: string | undefined;
    browserZone: string;
    /** Absent when there is no organisation zone to switch from. */
    onSourceChange?: (source: ZoneSource) => void;
  };
  error: string | null;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const { i18n } = useLingui();
  const browserZone = zone.browserZone;
  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="mb-2 text-sm font-medium">
        <Trans>Date range</Trans>
      </legend>
      <div className="flex flex-wrap gap-2">
        {RANGE_PRESETS.map((p) => (
          <button
            key={p.id}
            type="button"
            aria-pressed={preset === p.id}
            onClick={() => onPresetChange(p.id)}
            className={cn(
              'h-9 rounded-md border px-3 text-sm font-medium',
              preset === p.id
                ? 'border-primary bg-primary text-primary-foreground'
                : 'border-border bg-white hover:bg-muted',
            )}
          >
            {i18n._(p.label)}
          </button>
        ))}
      </div>
      {preset === 'custom' && (
        <div className="flex flex-wrap items-end gap-3">
          {(['from', 'to'] as const).map((end) => (
            <RangeEnd
              key={end}
              id={`${id}-${end}`}
              end={end}
              range={custom}
              onChange={onCustomChange}
              errorId={error ? errorId : undefined}
            />
          ))}
          <p className="pb-3 text-xs text-muted-foreground">
            <Trans>Up to {MAX_RANGE_DAYS} days.</Trans>
          </p>
        </div>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <p className="text-xs text-muted-foreground" data-testid="analytics-time-zone">
        {zone.source === 'organization' ? (
          <Trans>Days run midnight to midnight in {tz} (the organization's time zone).</Trans>
        ) : (
          <Trans>Days run midnight to midnight in {tz} (this browser's time zone).</Trans>
        )}
      </p>
      {zone.onSourceChange && zone.organizationZone !== zone.browserZone && (
        <CheckLine
          id={`${id}-browser-zone`}
          checked={zone.source === 'browser'}
          onChange={(on) => zone.onSourceChange?.(on ? 'browser' : 'organization')}
        >
          <Trans>Use this browser's time zone ({browserZone}) instead</Trans>
        </CheckLine>
      )}
    </fieldset>
  );
}

/** One end of the custom range, its date picker bounded by the other end (`to` not before `from`). */
function RangeEnd({
  id,
  end,
  range,
  onChange,
  errorId,
}: {
  id: string;
  end: 'from' | 'to';
  range: DateRange;
  onChange: (r: DateRange) => void;
  /** The control's message, when there is one. */
  errorId?: string;
}) {
  return (
    <div className="grid gap-1 text-sm">
      <label htmlFor={id}>{end === 'from' ? <Trans>From</Trans> : <Trans>To</Trans>}</label>
      <Input
        id={id}
        type="date"
        value={range[end]}
        min={end === 'to' ? range.from || undefined : undefined}
        max={end === 'from' ? range.to || undefined : undefined}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        onChange={(e) => onChange({ ...range, [end]: e.target.value })}
        className="w-auto"
      />
    </div>
  );
}
