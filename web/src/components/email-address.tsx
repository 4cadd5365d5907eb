import { WrapAt } from './wrap-at';

/** An e-mail address that may wrap before its "@" and after its dots. */
export function EmailAddress({ email }: { email: string }) {
  return <WrapAt text={email} at={/(?=@)|(?<=\.)/} />;
}
