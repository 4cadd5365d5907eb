import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';

/**
 * The frame every request to the distributor's team is written in (whitelist, YouTube claim, pitch): a titled
 * container of fields with one send button, busy while the request is on its way.
 */
export function RequestFormFrame(props: {
  title: string;
  description: string;
  sendText: string;
  sendTestId: string;
  busy: boolean;
  onSend: () => void;
  children: ReactNode;
}) {
  return (
    <Form
      actions={
        <Button variant="primary" loading={props.busy} onClick={props.onSend} data-testid={props.sendTestId}>
          {props.sendText}
        </Button>
      }
    >
      <Container
        header={
          <Header variant="h2" description={props.description}>
            {props.title}
          </Header>
        }
      >
        <SpaceBetween size="m">{props.children}</SpaceBetween>
      </Container>
    </Form>
  );
}
