import type { ComponentType } from 'react';
import { Navigate } from 'react-router';
import { useMe } from '@/features/profile/api/get-me';
import { useIsTakingOver } from '@/hooks/use-is-taking-over';
import { useSession } from '@/hooks/use-session';

// An account whose sign-up phone is not proven can sign in but not send, buy or invite:
// the screens of those actions lead to /verify-phone instead (the server refuses them anyway).
// Loaded with the screen it guards, so it adds nothing to the first download.
export function requireProvenPhone(Screen: ComponentType): ComponentType {
  return function ProvenPhoneOnly() {
    const session = useSession();
    const me = useMe({ queryConfig: { enabled: session.status === 'signed-in' } });
    // The prerendered home is taken over as it was drawn; the guard decides on the render after.
    const isTakingOver = useIsTakingOver();
    if (!isTakingOver && session.status === 'signed-in' && me.data && !me.data.telefone_verificado) {
      return <Navigate to="/verify-phone" replace />;
    }
    return <Screen />;
  };
}
