// A pino destination that keeps every line, for tests that check what the server logs.
export type CapturedLog = {
  write: (line: string) => void;
  lines: string[];
  text: () => string;
  entries: () => Record<string, unknown>[];
};

export function captureLog(): CapturedLog {
  const lines: string[] = [];
  return {
    write: (line) => {
      lines.push(line);
    },
    lines,
    text: () => lines.join(''),
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
