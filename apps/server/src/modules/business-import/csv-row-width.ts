// How many cells a CSV row has, counted before csv-parse reads it: the parser builds a whole row
// before the reader cuts it to the header's width, so a small file of one row with millions of
// delimiters would take gigabytes. The count follows csv-parse's reading with relax_quotes: a
// quote opens a quoted cell only at the cell's start, and "" inside one is a quote.

const QUOTE = 0x22;
const NEWLINE = 0x0a;

/** The first row (as a spreadsheet numbers them, blank lines included) with more than `max` cells. */
export function firstRowWiderThan(text: string, delimiter: ',' | ';', max: number): number | undefined {
  const separator = delimiter.charCodeAt(0);
  let row = 1;
  let cells = 1;
  let quoted = false;
  let cellStart = true;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (quoted) {
      if (char !== QUOTE) continue;
      if (text.charCodeAt(i + 1) === QUOTE) i += 1;
      else quoted = false;
    } else if (char === separator) {
      cells += 1;
      if (cells > max) return row;
      cellStart = true;
    } else if (char === NEWLINE) {
      row += 1;
      cells = 1;
      cellStart = true;
    } else {
      quoted = char === QUOTE && cellStart;
      cellStart = false;
    }
  }
  return undefined;
}
