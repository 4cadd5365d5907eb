import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { formatsToAttach, xlsxOfCsv } from '../../functions/money/statements/documents/line-files.js';
import { statementMail } from '../../functions/money/statements/documents/mail.js';
import { sampleStatementDocument } from '../support/statement-document.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('the files a statement mail attaches', () => {
  it('are the ones the settings chose, else the PDF', () => {
    expect([...formatsToAttach(['CSV', 'XLSX'])]).toEqual(['CSV', 'XLSX']);
    expect([...formatsToAttach([])]).toEqual(['PDF']);
    expect([...formatsToAttach(undefined)]).toEqual(['PDF']);
    expect([...formatsToAttach(['DOC'])]).toEqual(['PDF']);
  });

  it('name each file by the statement and period, and say when the lines were too many to attach', () => {
    const document = sampleStatementDocument({ rows: 1 });
    const [mail] = statementMail(document, { csv: bytes('id\n'), xlsx: bytes('PK') });
    expect(mail.attachments?.map((a) => [a.filename, a.contentType])).toEqual([
      ['ST-000042-2026-Q3.csv', 'text/csv'],
      ['ST-000042-2026-Q3.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ]);
    const [withheld] = statementMail(document, { pdf: bytes('%PDF-'), linesNotAttached: 250_000 });
    expect(withheld.attachments?.map((a) => a.filename)).toEqual(['ST-000042-2026-Q3.pdf']);
    expect(withheld.text).toContain(
      "The statement's 250000 lines are too many to attach to a mail: ask Aurora Sound Ltd for them as a file.",
    );
  });
});

describe('the lines as a workbook', () => {
  it('keeps text as text (a formula stays harmless) and makes the figure columns numbers with their decimals', async () => {
    const csv = [
      'id,release,quantity,amount,share',
      // As the statement's CSV writes it: quoted, and the formula made text by its apostrophe.
      `L1,"'=HYPERLINK(""x"")",3,1.500000,0.123456`,
      'L2,-Night Drive,-1,-0.250000,-0.000001',
    ].join('\n');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await xlsxOfCsv(bytes(csv))) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Lines');
    expect(sheet?.getRow(1).values).toEqual([undefined, 'id', 'release', 'quantity', 'amount', 'share']);
    expect(sheet?.getRow(1).font?.bold).toBe(true);
    expect(sheet?.getRow(2).values).toEqual([undefined, 'L1', '\'=HYPERLINK("x")', 3, 1.5, 0.123456]);
    expect(sheet?.getRow(3).values).toEqual([undefined, 'L2', '-Night Drive', -1, -0.25, -0.000001]);
    expect(sheet?.getCell('D2').numFmt).toBe('0.000000');
    expect(sheet?.getCell('C2').numFmt).toBe('0');
  });
});
