/** The contract types, as stored. */
type ContractType = 'artist_release_contract' | 'licence' | 'generic';

/** A contract's type in words ("Artist release contract", "Licence", "Contract"). */
export const CONTRACT_TYPE_WORDS: Record<ContractType, string> = {
  artist_release_contract: 'Artist release contract',
  licence: 'Licence',
  generic: 'Contract',
};

/**
 * What a contract type the API or an import does not know is told: the types as the pages name them, never as stored
 * ("generic" is a "Contract").
 */
export const CONTRACT_TYPE_REFUSAL = `Type must be one of: ${Object.values(CONTRACT_TYPE_WORDS).join(', ')}`;

/**
 * A contract's name, the one the contracts list, the calendar and a statement (its recoupment, its reserves, the terms
 * its lines were paid under) all write: its type in words and whom it is with, "Artist release contract with Jane Q.
 * Artist Ltd", "Licence with …", "Contract with …". Without a type (a contract the engine was handed bare) it is a
 * "Contract"; without a contractee's name, its type alone. A statement published before keeps the name it was
 * published with.
 */
export function contractName(contract: { type?: ContractType | null; contractee_legal_name?: string | null }): string {
  const type = CONTRACT_TYPE_WORDS[contract.type ?? 'generic'];
  return contract.contractee_legal_name ? `${type} with ${contract.contractee_legal_name}` : type;
}
