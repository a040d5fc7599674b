import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MOBILE_URL_UPDATE_MS } from '#shared/constants.ts';
import { isMobileDevice } from '#client/features/shares/index.ts';

/**
 * Mobile or desktop layout: `?mobile=true|false` decides; without it the device is
 * detected and, on a phone, mobile=true is written to the URL after 300 ms.
 */
export function useMobileView(): [boolean, (mobile: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const flag = params.get('mobile');
  const [detected] = useState(isMobileDevice);

  useEffect(() => {
    if (flag !== null || !detected) return;
    const timer = setTimeout(() => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('mobile', 'true');
          return next;
        },
        { replace: true },
      );
    }, MOBILE_URL_UPDATE_MS);
    return () => clearTimeout(timer);
  }, [flag, detected, setParams]);

  const mobile = flag === 'true' || (flag === null && detected);
  const setMobile = (value: boolean) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('mobile', String(value));
      return next;
    });
  return [mobile, setMobile];
}
