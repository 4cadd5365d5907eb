import { WrapAt } from './wrap-at';

/** A web address that wraps after its path's slashes (never inside "//"). */
export function WebAddress({ url, testId }: { url: string; testId?: string }) {
  return <WrapAt text={url} at={/(?<=[^/:]\/)/} testId={testId} />;
}
