import { Link, type LinkProps } from 'react-router';
import { cx } from './cx';

export const textLinkClass = cx(
  'rounded font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300',
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
);

/** An in-app link that looks like a link (the router's `Link` with the app's link colours). */
export function TextLink({ className, ...rest }: LinkProps) {
  return <Link className={cx(textLinkClass, className)} {...rest} />;
}
