import SpaceBetween from '@cloudscape-design/components/space-between';
import { RouterLink } from '../../../components/router-link';
import { usePaymentPages } from './payments-api';

/** The statements a payment paid, each number a link to its statement in the area the page is in. */
export function StatementLinks({ statements }: { statements: readonly { id: string; number: string }[] }) {
  const pages = usePaymentPages();
  return (
    <SpaceBetween direction="horizontal" size="xxs">
      {statements.map((s) => (
        <RouterLink key={s.id} href={pages.statement(s.id)}>
          {s.number}
        </RouterLink>
      ))}
    </SpaceBetween>
  );
}
