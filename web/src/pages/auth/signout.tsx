import { useEffect } from 'react';
import { PageSpinner } from '../../app/layout/route-states';
import { signOutSession } from '../../app/session';

/** /signout: clears the session, notifies "User Logged Out" and goes home. */
export function SignOutPage() {
  useEffect(() => {
    void signOutSession();
  }, []);
  return <PageSpinner />;
}
