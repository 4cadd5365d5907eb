import { describe, expect, it } from 'vitest';
import { contractName } from '../../shared/contract-names.js';

/**
 * One name for a contract: the contracts list, the calendar and a new statement (its recoupment, its reserves, the
 * terms its lines were paid under) write the same words (shared/contract-names.ts).
 */
describe('a contract’s name', () => {
  it('says its type and whom it is with', () => {
    expect(contractName({ type: 'artist_release_contract', contractee_legal_name: 'Jane Q. Artist Ltd' })).toBe(
      'Artist release contract with Jane Q. Artist Ltd',
    );
    expect(contractName({ type: 'licence', contractee_legal_name: 'Film Co' })).toBe('Licence with Film Co');
    expect(contractName({ type: 'generic', contractee_legal_name: 'Film Co' })).toBe('Contract with Film Co');
  });

  it('is a "Contract" without a type, and its type alone without a contractee', () => {
    expect(contractName({ contractee_legal_name: 'The Band Ltd' })).toBe('Contract with The Band Ltd');
    expect(contractName({ type: 'licence', contractee_legal_name: '' })).toBe('Licence');
  });
});
