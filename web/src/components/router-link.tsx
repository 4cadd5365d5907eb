import Link, { type LinkProps } from '@cloudscape-design/components/link';
import { useOnFollow } from '../app/use-on-follow';

/** A Cloudscape link that navigates through react-router. */
export function RouterLink({
  href,
  children,
  ...rest
}: Omit<LinkProps, 'onFollow'> & { href: string; 'data-testid'?: string }) {
  const onFollow = useOnFollow();
  return (
    <Link href={href} onFollow={onFollow} {...rest}>
      {children}
    </Link>
  );
}
