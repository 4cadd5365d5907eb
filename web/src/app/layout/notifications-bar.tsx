import Flashbar from '@cloudscape-design/components/flashbar';
import Link from '@cloudscape-design/components/link';
import { useLocation } from 'react-router';
import { flashType, notificationsShownOn } from '../notification-rules';
import { clearNotification, useNotification } from '../notifications';
import { useOnFollow } from '../use-on-follow';

/** The notification banner: one message, cleared after 10 s, on click or on dismiss. */
export function NotificationsBar() {
  const notification = useNotification();
  const { pathname } = useLocation();
  const onFollow = useOnFollow();
  if (!notification || !notificationsShownOn(pathname)) return null;
  const { id, type, message, details, link } = notification;
  return (
    // A labelled region around the banner. A click anywhere on it clears it; from the keyboard, Escape does while the
    // focus is inside it (on its dismiss button or a link), besides the dismiss button itself.
    <section
      aria-label="Notification"
      onClick={() => clearNotification(id)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') clearNotification(id);
      }}
      data-testid="notification"
      data-type={type}
    >
      <Flashbar
        items={[
          {
            // One constant id: a new message replaces the old in place (no second copy animating out).
            id: 'notification',
            type: flashType(type),
            content: (
              <>
                <span data-testid="notification-message">{message}</span>
                {details.map((line) => (
                  <div key={line}>{line}</div>
                ))}
                {link ? (
                  <div>
                    <Link href={link.href} onFollow={onFollow} color="inverted" data-testid="notification-link">
                      {link.text}
                    </Link>
                  </div>
                ) : null}
              </>
            ),
            dismissible: true,
            dismissLabel: 'Dismiss notification',
            onDismiss: () => clearNotification(id),
          },
        ]}
      />
    </section>
  );
}
