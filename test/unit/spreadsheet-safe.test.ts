import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { spreadsheetSafe, spreadsheetSafeSql } from '../../shared/spreadsheet-safe.js';

describe('text cells safe to open in a spreadsheet', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+SUM(A1:A9)', "'+SUM(A1:A9)"],
    ['-2+3+cmd|x', "'-2+3+cmd|x"],
    ['@SUM(1)', "'@SUM(1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
  ])('prefixes %j with an apostrophe', (text, safe) => {
    expect(spreadsheetSafe(text)).toBe(safe);
  });

  it.each(['-2.50', '+3', '12', 'Spotify', '', 'a=b', "'=already"])('leaves %j as it is', (text) => {
    expect(spreadsheetSafe(text)).toBe(text);
  });

  it('says the same in DuckDB SQL as in JavaScript, cell for cell', async () => {
    const cells = [
      ...['=1+1', '+SUM(A1:A9)', '-2+3+cmd|x', '@SUM(1)', '\t=1', '\r=1', '=', '-', '+.5', '-1.', '+-1', '--1'],
      ...['-2.50', '+3', '12', 'Spotify', '', 'a=b', "'=already", ' =1', 'ü=1', '😀', '=ü', '\n=1', '-١٢'],
    ];
    const connection = await (await DuckDBInstance.create(':memory:')).connect();
    await connection.run('CREATE TABLE cells (i INTEGER, text VARCHAR)');
    const appender = await connection.createAppender('cells');
    cells.forEach((text, i) => {
      appender.appendInteger(i);
      appender.appendVarchar(text);
      appender.endRow();
    });
    appender.closeSync();
    const read = await connection.runAndReadAll(
      `SELECT ${spreadsheetSafeSql('text')} AS safe, ${spreadsheetSafeSql('NULL::VARCHAR')} AS missing FROM cells ORDER BY i`,
    );
    const rows = read.getRowObjects();
    expect(rows.map((r) => r.safe)).toEqual(cells.map(spreadsheetSafe));
    // A missing value stays missing.
    expect(rows.every((r) => r.missing === null)).toBe(true);
    // The cases above include both outcomes: the test compares a rule that acts, not one that never does.
    expect(cells.filter((text) => spreadsheetSafe(text) !== text).length).toBeGreaterThan(8);
    connection.closeSync();
  });
});
