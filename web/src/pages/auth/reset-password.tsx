import Alert from '@cloudscape-design/components/alert';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { api } from '../../app/api';
import { PageSpinner } from '../../app/layout/route-states';
import { notify } from '../../app/notifications';
import { STORAGE_KEYS } from '../../app/session-rules';
import { RouterLink } from '../../components/router-link';
import { AuthCard } from './auth-card';

/** /reset_password/{accessToken}: a valid token goes on to /change_password (kept in this tab only). */
export function ResetPasswordPage() {
  const { accessToken = '' } = useParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api
      .post<{ valid: boolean; email: string }>('/check_user', { token: accessToken }, { auth: false })
      .then(() => {
        if (!live) return;
        sessionStorage.setItem(STORAGE_KEYS.resetToken, accessToken);
        navigate('/change_password', { replace: true });
      })
      .catch((error: unknown) => {
        if (!live) return;
        const text = error instanceof Error ? error.message : String(error);
        setFailure(text);
        notify('error', text);
      });
    return () => {
      live = false;
    };
  }, [accessToken, navigate]);

  if (!failure) return <PageSpinner />;
  return (
    <AuthCard title="Reset password" testId="reset-password">
      <SpaceBetween size="m">
        <Alert type="error" data-testid="reset-error">
          {failure}
        </Alert>
        <RouterLink href="/forgotten_password">Ask for a new link</RouterLink>
      </SpaceBetween>
    </AuthCard>
  );
}
