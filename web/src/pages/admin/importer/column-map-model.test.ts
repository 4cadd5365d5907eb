import { describe, expect, it } from 'vitest';
import { MODEL_ATTRIBUTES } from '../../../../../shared/catalogue-exchange/model-attributes';
import { columnMapProblems, guessRows, headersOf, mapOfRows, rowsOfMap } from './column-map-model';

describe('the column-map editor', () => {
  it('reads a CSV header (quoted cells, BOM) and a JSON file’s keys; XLSX headers are typed', () => {
    expect(headersOf('a.csv', '\uFEFFArtist Name,"E-mail, work","Say ""hi"""\nx,y,z')).toEqual([
      'Artist Name',
      'E-mail, work',
      'Say "hi"',
    ]);
    expect(headersOf('a.json', '[{"Name":"A","ISNI":"1"}]')).toEqual(['Name', 'ISNI']);
    expect(headersOf('a.json', 'not json')).toEqual([]);
    expect(headersOf('a.xlsx', 'PK...')).toEqual([]);
  });

  it('guesses attributes by name or label and keeps unknown columns unmapped', () => {
    expect(guessRows(['NAME', 'Apple-Music', 'Shoe size'], MODEL_ATTRIBUTES.artists)).toEqual([
      { column: 'NAME', attribute: 'name' },
      { column: 'Apple-Music', attribute: 'apple_music' },
      { column: 'Shoe size', attribute: '' },
    ]);
  });

  it('round-trips rows and the API map, and says what does not fit the model as the server does', () => {
    const rows = rowsOfMap({ Name: 'name', Mail: 'email' });
    expect(mapOfRows([...rows, { column: '  ', attribute: 'biog' }])).toEqual({ Name: 'name', Mail: 'email' });
    expect(columnMapProblems('payees', [{ column: 'UPC', attribute: 'upc' }])).toEqual([
      'Column UPC: upc is not an attribute of Payees',
    ]);
    expect(columnMapProblems('payees', [])).toEqual(['Map must name at least one column']);
    expect(
      columnMapProblems('labels', [
        { column: 'A', attribute: 'name' },
        { column: 'B', attribute: 'name' },
      ]),
    ).toEqual(['Name is mapped from two columns: A and B']);
  });
});
