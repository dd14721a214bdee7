// RFC 4180 CSV: fields separated by commas, records by CRLF or LF; a field in double quotes may hold commas,
// line breaks and doubled quotes (""). A leading byte-order mark is dropped. Pure: used where a dictionary
// or a list is read or written in the browser and on the server.

export interface CsvIssue {
  /** 1-based line of the source where the problem is. */
  line: number;
  message: { en: string; tr: string };
}

export interface CsvTable {
  rows: string[][];
  /** For each row, the 1-based source line it starts on (a quoted field may span lines). */
  lines: number[];
  issues: CsvIssue[];
}

/** Reads the whole text. A quote left open at the end is reported and the field kept as read. */
export function parseCsv(text: string, separator = ','): CsvTable {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: string[][] = [];
  const lines: number[] = [];
  const issues: CsvIssue[] = [];
  let row: string[] = [];
  let field = '';
  let line = 1;
  let rowLine = 1;
  let i = 0;
  let quotedOpenedAt = 0;
  let inQuotes = false;
  let fieldStarted = false;
  const endField = () => {
    row.push(field);
    field = '';
    fieldStarted = false;
  };
  const endRow = () => {
    endField();
    // A blank line (one empty field) is not a record.
    if (!(row.length === 1 && row[0] === '')) {
      rows.push(row);
      lines.push(rowLine);
    }
    row = [];
  };
  while (i < src.length) {
    const c = src[i];
    if (inQuotes) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        inQuotes = false;
        i++;
        continue;
      }
      if (c === '\n') line++;
      if (c === '\r' && src[i + 1] === '\n') {
        field += '\n';
        line++;
        i += 2;
        continue;
      }
      field += c;
      i++;
      continue;
    }
    if (c === '"' && !fieldStarted) {
      inQuotes = true;
      fieldStarted = true;
      quotedOpenedAt = line;
      i++;
    } else if (c === separator) {
      endField();
      i++;
    } else if (c === '\r' || c === '\n') {
      endRow();
      i += c === '\r' && src[i + 1] === '\n' ? 2 : 1;
      line++;
      rowLine = line;
    } else {
      // A quote inside an unquoted field is kept as it is (lenient, as spreadsheet programs write it).
      field += c;
      fieldStarted = true;
      i++;
    }
  }
  if (inQuotes) {
    issues.push({
      line: quotedOpenedAt,
      message: {
        en: `The quoted field opened on line ${quotedOpenedAt} is never closed.`,
        tr: `${quotedOpenedAt}. satırda açılan tırnaklı alan kapanmıyor.`,
      },
    });
  }
  if (fieldStarted || field !== '' || row.length) endRow();
  return { rows, lines, issues };
}

const needsQuotes = /[",\r\n]|^\s|\s$/;

/** One field as written: quoted when it holds a comma, a quote, a line break or edge spaces. */
export function csvField(value: string): string {
  return needsQuotes.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Rows → CSV text with CRLF record ends (RFC 4180), ending with a line break. */
export function writeCsv(rows: readonly (readonly string[])[]): string {
  return `${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}
