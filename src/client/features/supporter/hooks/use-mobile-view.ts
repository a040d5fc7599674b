import { useEffect, useState } from 'react';
import { MOBILE_URL_UPDATE_MS } from '#shared/constants.ts';
import { useSearchParam } from '#client/lib/use-search-param.ts';
import { isMobileDevice } from '#client/features/shares/index.ts';

/**
 * Mobile or desktop layout: `?mobile=true|false` decides; without it the device is
 * detected and, on a phone, mobile=true is written to the URL after 300 ms (quietly: the
 * page already shows the phone layout, so nothing renders again).
 */
export function useMobileView(): [boolean, (mobile: boolean) => void] {
  const [flag, setFlag] = useSearchParam('mobile');
  const [detected] = useState(isMobileDevice);

  useEffect(() => {
    if (flag !== null || !detected) return;
    const timer = setTimeout(() => setFlag('true', { replace: true, quiet: true }), MOBILE_URL_UPDATE_MS);
    return () => clearTimeout(timer);
  }, [flag, detected, setFlag]);

  const mobile = flag === 'true' || (flag === null && detected);
  return [mobile, (value: boolean) => setFlag(String(value))];
}
