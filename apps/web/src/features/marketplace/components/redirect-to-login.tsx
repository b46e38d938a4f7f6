import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router';
import { notifyErrorText } from '@/lib/notify';

/** Says why, in the screen's own sentence (spec §5, §8), and goes to the login. */
export function RedirectToLogin({ message }: { message: string }) {
  // Once, even when development renders run the effect twice.
  const isTold = useRef(false);
  useEffect(() => {
    if (isTold.current) return;
    isTold.current = true;
    notifyErrorText(message);
  }, [message]);
  return <Navigate to="/login" replace />;
}
