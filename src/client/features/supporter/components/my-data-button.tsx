import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';

// "My data" on the supporter page (docs/api.md "Privacy"): a small text button; the
// dialog (what Rally holds about this browser, download, erase) loads on first use,
// so the page itself carries none of it.
const loadDialog = () => import('./my-data-dialog.tsx');
const MyDataDialog = lazy(loadDialog);

export function MyDataButton() {
  const [open, setOpen] = useState(false);
  return (
    <div className="mx-auto max-w-5xl px-4 pb-8 text-xs">
      <button
        type="button"
        className="text-muted-foreground underline hover:text-foreground"
        onMouseEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => setOpen(true)}
      >
        <Trans>My data</Trans>
      </button>
      {open && (
        <Suspense fallback={null}>
          <MyDataDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
