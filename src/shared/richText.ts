/** The bold markup of SPEC §4: `[fett:an]` switches bold on, `[fett:aus]` off. */

export const RICH_TEXT_HINT = 'Fett schreiben: Text zwischen [fett:an] und [fett:aus] setzen.';

export interface RichTextRun {
  text: string;
  bold: boolean;
}

const MARKER = /\[fett:(an|aus)\]/g;

/**
 * Splits a text into runs of plain and bold text, ready to render as elements (never as
 * HTML). Members type these markers by hand, so a forgotten `[fett:aus]` bolds to the end,
 * a stray `[fett:aus]` or a second `[fett:an]` changes nothing, and no marker is ever shown.
 */
export function parseRichText(text: string): RichTextRun[] {
  const runs: RichTextRun[] = [];
  const push = (part: string, bold: boolean) => {
    if (part === '') return;
    const last = runs.at(-1);
    if (last && last.bold === bold) last.text += part;
    else runs.push({ text: part, bold });
  };
  let bold = false;
  let position = 0;
  for (const match of text.matchAll(MARKER)) {
    push(text.slice(position, match.index), bold);
    bold = match[1] === 'an';
    position = match.index + match[0].length;
  }
  push(text.slice(position), bold);
  return runs;
}

/** The text as a visitor reads it, without markers (for titles, counters and previews). */
export function plainText(text: string): string {
  return text.replace(MARKER, '');
}
