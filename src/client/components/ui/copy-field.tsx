import { useLingui } from '@lingui/react/macro';
import type { CopyNotice } from '#client/lib/use-copied.ts';
import { CopyButton } from './copy-button.tsx';
import { Input } from './input.tsx';

/**
 * A value to copy that is shown once (a new API key, an invitation link): read-only,
 * selected whole on focus, with a Copy button that confirms as every copy does.
 */
export function CopyField({
  id,
  label,
  value,
  notice,
}: {
  id: string;
  label: React.ReactNode;
  value: string;
  notice: CopyNotice;
}) {
  const { t } = useLingui();
  return (
    <>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <Input id={id} value={value} readOnly className="font-mono" onFocus={(e) => e.target.select()} />
        <CopyButton value={value} label={t`Copy`} notice={notice} />
      </div>
    </>
  );
}
