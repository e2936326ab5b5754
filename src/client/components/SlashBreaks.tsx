import { Fragment } from 'react';

/**
 * A text whose lines may end after a slash ('Luftgewehr/Luftpistole', 'LG/LP-Training'):
 * browsers do not break there by themselves, and a word too wide for a narrow card would
 * otherwise be broken inside itself ('Luftpistol/e').
 */
export function SlashBreaks({ text }: { text: string }) {
  const parts = text.split('/');
  return parts.map((part, index) => (
    // The parts' order never changes: the index is their identity.
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && (
        <>
          /<wbr />
        </>
      )}
    </Fragment>
  ));
}
