import { useLingui } from '@lingui/react/macro';
import { EyeOffIcon } from 'lucide-react';
import { PREVIEW_BANNERS } from '../lib/availability-text.ts';

/** Shown above a draft or archived campaign that a team member opened (the public gets a 404). */
export function PreviewBanner({ preview }: { preview: keyof typeof PREVIEW_BANNERS }) {
  const { i18n } = useLingui();
  return (
    <div
      role="status"
      className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm font-medium text-amber-900"
    >
      <EyeOffIcon aria-hidden className="me-2 inline size-4 align-[-2px]" />
      {i18n._(PREVIEW_BANNERS[preview])}
    </div>
  );
}
