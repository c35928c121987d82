import { Fragment } from 'react';

/**
 * A creator's '@handle' that may wrap after an underscore when it is wider than its line, as words
 * wrap, instead of breaking between two letters wherever the line ends.
 */
export function Handle({ handle }: { handle: string }) {
  const parts = handle.split(/(?<=_)/);
  return (
    <>
      @
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
