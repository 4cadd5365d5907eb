import ExpandableSection from '@cloudscape-design/components/expandable-section';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { SimplePage } from './simple-page';

const FAQS: [string, string][] = [
  [
    'What is the current company?',
    'You can belong to several companies. The current company, shown in the header, is the one whose catalogue you are working on. Use the refresh icon beside its name to switch.',
  ],
  [
    'Why are some menu entries missing?',
    'Artists, releases and the other catalogue lists need a current company. Distribution, DSPs and marketing appear for distributed companies, and Songs for publishers.',
  ],
  ['Which logo files can I upload?', 'PNG, JPEG, GIF or WebP images of up to 5 MB.'],
  [
    'I did not get the password reset e-mail',
    'Check your spam folder and that you typed the address you signed up with. The link is valid for 24 hours.',
  ],
  ['How long does a sign-in last?', 'One day. After that you are asked to sign in again.'],
];

export function FaqsPage() {
  return (
    <SimplePage title="FAQs" testId="faqs-page">
      <SpaceBetween size="s">
        {FAQS.map(([question, answer]) => (
          <ExpandableSection key={question} headerText={question}>
            {answer}
          </ExpandableSection>
        ))}
      </SpaceBetween>
    </SimplePage>
  );
}
