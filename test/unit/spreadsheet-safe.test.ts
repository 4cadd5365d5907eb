import { describe, expect, it } from 'vitest';
import { spreadsheetSafe } from '../../shared/spreadsheet-safe.js';

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
});
