import Flashbar from '@cloudscape-design/components/flashbar';
import { useLocation } from 'react-router';
import { flashType, notificationsShownOn } from '../notification-rules';
import { clearNotification, useNotification } from '../notifications';

/** The notification banner: one message, cleared after 10 s, on click or on dismiss (spec 1 §2.6). */
export function NotificationsBar() {
  const notification = useNotification();
  const { pathname } = useLocation();
  if (!notification || !notificationsShownOn(pathname)) return null;
  const { id, type, message, details } = notification;
  return (
    <div onClick={() => clearNotification(id)} data-testid="notification" data-type={type}>
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
              </>
            ),
            dismissible: true,
            dismissLabel: 'Dismiss notification',
            onDismiss: () => clearNotification(id),
          },
        ]}
      />
    </div>
  );
}
