import { parseRichText } from '../../shared/richText.ts';

/**
 * A text of the club with its [fett:an]/[fett:aus] markers as bold and plain runs. Every run
 * is a React text node, never HTML: whatever a member typed shows as typed (DESIGN §5).
 */
export function RichText({ text }: { text: string }) {
  return (
    <>
      {parseRichText(text).map((run, index) =>
        // The runs are a pure function of the text; their position is their identity.
        run.bold ? <strong key={index}>{run.text}</strong> : <span key={index}>{run.text}</span>,
      )}
    </>
  );
}
