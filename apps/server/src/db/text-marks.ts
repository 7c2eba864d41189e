// Statement texts marked for how the pipelined reads run them (planned-once.ts,
// iso-timestamps.ts). A set bounded like the batchable texts: the directory's shapes of page
// are a few hundred, and a set that fills up starts again (each caller marks its text on every
// call, so a text dropped is marked again at its next read).

const MAX_MARKED = 2_000;

export interface TextMarks {
  mark(text: string): void;
  has(text: string): boolean;
}

export function textMarks(): TextMarks {
  const marked = new Set<string>();
  return {
    mark(text) {
      if (marked.has(text)) return;
      if (marked.size >= MAX_MARKED) marked.clear();
      marked.add(text);
    },
    has: (text) => marked.has(text),
  };
}
