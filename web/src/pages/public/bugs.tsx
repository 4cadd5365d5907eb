import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../app/api';
import { notify } from '../../app/notifications';
import { useSession } from '../../app/session';
import { bugReportInput } from '../../../../shared/schemas/support';
import { zodErrors } from '../../components/form-rules';
import { RouterLink } from '../../components/router-link';
import { useFormSubmit } from '../../components/use-form-submit';
import { SimplePage } from './simple-page';

/** What POST /bug_reports takes: the trimmed text, and the page the user came from when there was one. */
const bugReport = (description: string, referer: string) => ({
  description: description.trim(),
  ...(referer ? { referer } : {}),
});

/** The Bugs page: the footer and header link pass the page the user was on as ?referer=. */
export function BugsPage() {
  const [params] = useSearchParams();
  const referer = params.get('referer') ?? '';
  const { user } = useSession();
  const [values, setValues] = useState({ description: '' });
  const [sent, setSent] = useState(false);
  const { errors, failure, submitting, submit } = useFormSubmit({
    validate: () => {
      const result = bugReportInput.safeParse(bugReport(values.description, referer));
      return result.success ? {} : zodErrors(result.error);
    },
    send: () => api.post<{ message: string }>('/bug_reports', bugReport(values.description, referer)),
    onSuccess: (answer) => {
      notify('notification', answer.message);
      setSent(true);
    },
  });

  if (!user) {
    return (
      <SimplePage title="Bug Report" testId="bugs-page">
        <p>
          Please{' '}
          <RouterLink href={`/signin?redirect=${encodeURIComponent(`/bugs?referer=${referer}`)}`}>sign in</RouterLink>{' '}
          to report a problem.
        </p>
      </SimplePage>
    );
  }
  return (
    <SimplePage
      title="Bug Report"
      description="Tell us what you did, what you expected and what happened."
      testId="bugs-page"
    >
      {sent ? (
        <Alert type="success" data-testid="bugs-sent">
          Thank you: your report was sent and will be looked at.
        </Alert>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Form
            actions={
              <Button variant="primary" formAction="submit" loading={submitting} data-testid="bugs-submit">
                Send report
              </Button>
            }
          >
            <SpaceBetween size="m">
              {failure ? <Alert type="error">{failure}</Alert> : null}
              {referer ? (
                <Box variant="p" data-testid="bugs-referer">
                  You were on: <code>{referer}</code>
                </Box>
              ) : null}
              <FormField label="What went wrong?" errorText={errors.description}>
                <Textarea
                  value={values.description}
                  rows={8}
                  onChange={({ detail }) => setValues({ description: detail.value })}
                  data-testid="bugs-description"
                />
              </FormField>
            </SpaceBetween>
          </Form>
        </form>
      )}
    </SimplePage>
  );
}
