import { terminalText } from './terminal.js';

/**
 * Columns padded to their widest cell, two spaces apart: for people; --json is for programs. A cell may come from
 * the server (a title, a token's name): it is shown on one line, its control characters escaped.
 */
export function table(head: string[], given: string[][]): string {
  const rows = given.map((row) => row.map((cell) => terminalText(cell)));
  const widths = head.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  return `${[head, ...rows].map(line).join('\n')}\n`;
}
