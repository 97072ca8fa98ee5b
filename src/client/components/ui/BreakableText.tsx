import { Fragment } from 'react';

/** Where a line may break: after "@", "_" and "/", and before ".": "name@" | "example" | ".com", "first_" | "last". */
const BREAK = /(?<=[@_/])|(?=\.)/;

/**
 * Text such as an email address or a username that may wrap only where a reader expects it: after "@", "_" and "/",
 * and before ".". In a narrow table column "admin@example.com" wraps as "admin@" / "example.com" instead of
 * letter by letter, as `overflow-wrap: anywhere` lets a table squeeze it.
 */
export function BreakableText({ text }: { text: string }) {
  const parts = text.split(BREAK);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
