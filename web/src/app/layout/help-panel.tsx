import Box from '@cloudscape-design/components/box';
import HelpPanel from '@cloudscape-design/components/help-panel';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { helpFor, useSiteHelp } from '../../pages/admin/site-help/site-help-api';

/**
 * The slide-in help panel: the current route's topics (as an admin edited them on Site help, else
 * the help that ships with the site), and a search box that is disabled.
 */
export function SiteHelpPanel({ routeName }: { routeName: string | undefined }) {
  const { data } = useSiteHelp();
  const help = helpFor(routeName, data?.site_help);
  return (
    <HelpPanel header={<h2>{help?.title ?? 'Help'}</h2>}>
      <SpaceBetween size="m">
        <Input
          value=""
          disabled
          placeholder="Search help"
          ariaLabel="Search help"
          onChange={() => undefined}
          data-testid="help-search"
        />
        {help ? (
          help.topics.map((t) => (
            <div key={t.topic} data-testid="help-topic">
              <h3>{t.topic}</h3>
              <p>{t.text}</p>
            </div>
          ))
        ) : (
          <Box color="text-body-secondary">There are no help topics for this page yet.</Box>
        )}
      </SpaceBetween>
    </HelpPanel>
  );
}
