import { countryInput, genreInput, INSTRUMENTAL, languageInput, performerRoleInput } from '../../shared/schemas/reference.js';
import type { ReferenceResource } from './reference-resource.js';

/** The reference collections served so far (spec 1 §3); each further one is one entry here. */
export const REFERENCE_RESOURCES: ReferenceResource[] = [
  {
    collection: 'countries',
    singular: 'country',
    title: 'Country',
    entity: 'Country',
    input: countryInput,
    sortFields: ['name', 'iso_alpha_two', 'iso_alpha_three', 'iso_numeric'],
    searchFields: ['name', 'iso_alpha_two', 'iso_alpha_three', 'iso_numeric'],
    unique: ['name', 'iso_alpha_two', 'iso_alpha_three', 'iso_numeric'],
  },
  {
    collection: 'languages',
    singular: 'language',
    title: 'Language',
    entity: 'Language',
    input: languageInput,
    sortFields: ['name', 'iso_alpha_two', 'iso_alpha_three', 'family'],
    searchFields: ['name', 'native_name', 'iso_alpha_two', 'iso_alpha_three'],
    pinned: (row) => row.name === INSTRUMENTAL,
  },
  {
    collection: 'genres',
    singular: 'genre',
    title: 'Genre',
    entity: 'Genre',
    input: genreInput,
    sortFields: ['name', 'active', 'base_genre'],
    searchFields: ['name'],
    unique: ['name'],
  },
  {
    collection: 'performer_roles',
    singular: 'performer_role',
    title: 'Performer Role',
    entity: 'PerformerRole',
    input: performerRoleInput,
    sortFields: ['description', 'ppl_code', 'active'],
    searchFields: ['description', 'ppl_code'],
    nameField: 'description',
    unique: ['description'],
    bulkKey: 'performer_roles_ids',
  },
];
