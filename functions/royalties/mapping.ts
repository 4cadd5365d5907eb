/** The mapping columns and the column map are part of the API's contract with the SPA: defined in shared/. */
export { MAPPING_COLUMNS, MONEY_COLUMNS, type MappingColumn, type RoyaltyMap } from '../../shared/schemas/royalty-map.js';
