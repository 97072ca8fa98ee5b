import { createContext } from 'react';

/** A route's `handle`: `wide` gives its pages the header's full width (the account area, with its sidebar). */
export interface LayoutHandle {
  wide?: boolean;
}

export const isWide = (matches: readonly { route: { handle?: unknown } }[]) =>
  matches.some((match) => (match.route.handle as LayoutHandle | undefined)?.wide === true);

/** Whether a route on the way to the current page is `wide`: the router says, the root layout listens. */
export const WideLayout = createContext(false);
