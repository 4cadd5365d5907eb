import ExcelJS from 'exceljs';

type ReaderInput = ConstructorParameters<typeof ExcelJS.stream.xlsx.WorkbookReader>[0];
type ReaderOptions = ConstructorParameters<typeof ExcelJS.stream.xlsx.WorkbookReader>[1];

/**
 * ExcelJS's streaming workbook reader, for any order of the parts inside the archive. It reads a sheet as soon as
 * the shared strings and the workbook's relations are in, and then looks up the sheet's name in the workbook part
 * (xl/workbook.xml), which a valid archive may hold after its sheets (ExcelJS's own writer puts it last). With the
 * shared strings ahead of a sheet and the workbook part behind it, the reader failed with "Cannot read properties
 * of undefined (reading 'sheets')": a workbook ExcelJS itself wrote did so once in a loaded test run. An empty list
 * of sheets until the workbook part is read lets it go on: the sheets still come in the archive's order, only
 * without their names until then (the reports and catalogue files read the first sheet, whatever its name).
 */
export function workbookReader(input: ReaderInput, options: ReaderOptions): ExcelJS.stream.xlsx.WorkbookReader {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, options);
  const unread = reader as unknown as { model?: { sheets: unknown[] } };
  unread.model ??= { sheets: [] };
  return reader;
}
