/** A route's `handle`: `wide` gives its pages the header's full width (the account area, with its sidebar). */
export interface LayoutHandle {
  wide?: boolean;
}

export const isWide = (matches: readonly { handle: unknown }[]) =>
  matches.some((match) => (match.handle as LayoutHandle | undefined)?.wide === true);
