import { useCallback } from 'react';
import { useNavigate } from 'react-router';

type FollowEvent = { preventDefault(): void; detail: { href?: string; external?: boolean } };

/**
 * Routes Cloudscape links, buttons and menus with an href through react-router instead of a
 * full page load (the Cloudscape demos' pattern). External links keep their default.
 */
export function useOnFollow(): (event: FollowEvent) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: FollowEvent) => {
      const href = event.detail.href;
      if (event.detail.external || !href || /^https?:\/\//.test(href)) return;
      event.preventDefault();
      navigate(href);
    },
    [navigate],
  );
}
