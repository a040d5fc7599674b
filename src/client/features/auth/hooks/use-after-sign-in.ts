import { useNavigate } from 'react-router';

/**
 * What a sign-in or registration form does once it succeeds: the caller's `onDone`
 * (a page that signs in on the spot, like an invitation), else on to `next`.
 */
export function useAfterSignIn(onDone: (() => void) | undefined, next: string) {
  const navigate = useNavigate();
  return () => {
    if (onDone) onDone();
    else navigate(next, { replace: true });
  };
}
