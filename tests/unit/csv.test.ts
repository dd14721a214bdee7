import { describe, expect, it } from 'vitest';
import { csvField, parseCsv, writeCsv } from '../../src/domain/csv.ts';

describe('RFC 4180 CSV', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    const t = parseCsv('a,"b, c","say ""hi"""\n"two\nlines",x,\n');
    expect(t.rows).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['two\nlines', 'x', ''],
    ]);
    expect(t.lines).toEqual([1, 2]);
    expect(t.issues).toEqual([]);
  });

  it('drops a byte-order mark, reads CRLF and a last row without a line break, skips blank lines', () => {
    const t = parseCsv('\uFEFFname,form\r\n\r\n"x\r\ny",f\r\nlast,row');
    expect(t.rows).toEqual([
      ['name', 'form'],
      ['x\ny', 'f'],
      ['last', 'row'],
    ]);
    expect(t.lines).toEqual([1, 3, 5]);
  });

  it('keeps empty fields, and an empty quoted field', () => {
    expect(parseCsv(',,\n"",a').rows).toEqual([
      ['', '', ''],
      ['', 'a'],
    ]);
  });

  it('reports a quote left open, in both languages', () => {
    const t = parseCsv('a,b\nc,"open\nstill');
    expect(t.rows[1]).toEqual(['c', 'open\nstill']);
    expect(t.issues[0].line).toBe(2);
    expect(t.issues[0].message.en).toMatch(/never closed/);
    expect(t.issues[0].message.tr).toMatch(/kapanmıyor/);
  });

  it('writes what it reads', () => {
    const rows = [
      ['plain', 'with, comma', 'with "quote"', 'two\nlines', '', ' edge '],
      ['é ü ğ', '1, Yes | 0, No', '@A="b"'],
    ];
    const text = writeCsv(rows);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsv(text).rows).toEqual(rows);
    expect(csvField('a')).toBe('a');
    expect(csvField('a,b')).toBe('"a,b"');
  });
});
