import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import type { FormEvent, ReactNode } from 'react';

/** The narrow centred card the sign-in and account pages use; submitting runs `onSubmit`. */
export function AuthCard({
  title,
  description,
  onSubmit,
  children,
  testId,
}: {
  title: string;
  description?: ReactNode;
  onSubmit?: () => void;
  children: ReactNode;
  testId: string;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit?.();
  };
  return (
    <Box padding={{ vertical: 'xxl' }}>
      <div style={{ maxWidth: 480, margin: '0 auto' }}>
        <form onSubmit={submit} noValidate data-testid={testId}>
          <Container
            header={
              <Header variant="h1" description={description}>
                {title}
              </Header>
            }
          >
            {children}
          </Container>
        </form>
      </div>
    </Box>
  );
}
