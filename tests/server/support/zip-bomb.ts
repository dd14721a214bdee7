// Workbooks that cost more to read than they look (issue 28): one whose ZIP headers say each part unpacks to a
// thousand bytes while its sheet really inflates to `inflatesTo` bytes of empty rows (a few hundred kilobytes
// sent), and one of many empty rows, each costing no cell but time to parse.
import { once } from 'node:events';
import { createDeflateRaw, deflateRawSync } from 'node:zlib';

const PARTS: [name: string, text: string][] = [
  [
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  ],
  [
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  ],
  [
    'xl/workbook.xml',
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
  ],
  [
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  ],
];

const SHEET_START = '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_END = '</sheetData></worksheet>';

/** A part of the archive: its name, its deflated bytes and its real size. */
interface Part {
  fileName: string;
  packed: Buffer;
  size: number;
}

const partOf = (fileName: string, data: Buffer): Part => ({ fileName, packed: deflateRawSync(data), size: data.length });
const FIXED_PARTS = () => PARTS.map(([n, t]) => partOf(n, Buffer.from(t)));

/** A ZIP of deflated parts whose local and central headers both claim `claimed` bytes for every part (else the truth). */
function zipOf(parts: Part[], claimed?: number): Buffer {
  const out: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const { fileName, packed, size } of parts) {
    const name = Buffer.from(fileName);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(claimed ?? size, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(claimed ?? size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    out.push(local, name, packed);
    central.push(entry, name);
    offset += 30 + name.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, directory, end]);
}

/** An .xlsx of one sheet of `rows` empty `<row/>`s, its headers claiming `claimed` bytes a part (else the truth). */
export function emptyRowsWorkbook(rows: number, claimed?: number): Buffer {
  const sheet = Buffer.concat([Buffer.from(SHEET_START), Buffer.alloc(rows * 6, '<row/>'), Buffer.from(SHEET_END)]);
  return zipOf([...FIXED_PARTS(), partOf('xl/worksheets/sheet1.xml', sheet)], claimed);
}

/**
 * An .xlsx claiming 1,000 bytes a part whose sheet inflates to about `inflatesTo` bytes of `<row/>`: deflated a
 * megabyte at a time, so a gigabyte's bomb never is a gigabyte in memory here.
 */
export async function lyingWorkbook(inflatesTo: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const packed: Buffer[] = [];
  deflate.on('data', (c: Buffer) => packed.push(c));
  const rows = Math.max(0, Math.floor((inflatesTo - SHEET_START.length - SHEET_END.length) / 6));
  const ROWS_A_CHUNK = 174_762; // a megabyte of <row/>
  const chunk = Buffer.alloc(ROWS_A_CHUNK * 6, '<row/>');
  deflate.write(SHEET_START);
  for (let left = rows; left > 0; left -= ROWS_A_CHUNK)
    if (!deflate.write(left >= ROWS_A_CHUNK ? chunk : chunk.subarray(0, left * 6))) await once(deflate, 'drain');
  deflate.end(SHEET_END);
  await once(deflate, 'end');
  const size = SHEET_START.length + rows * 6 + SHEET_END.length;
  return zipOf([...FIXED_PARTS(), { fileName: 'xl/worksheets/sheet1.xml', packed: Buffer.concat(packed), size }], 1000);
}
