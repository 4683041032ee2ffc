/** Quotes a cell, and defuses values a spreadsheet would run as a formula (=, +, -, @, tab, return). */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** A CSV document: a header line, then one line per row, CRLF-ended as RFC 4180 has it. */
export function csvDocument(header: string[], rows: string[][]): string {
  return [header.join(','), ...rows.map((row) => row.map(csvCell).join(','))].map((line) => `${line}\r\n`).join('');
}
