import { songInput } from '../../../../shared/schemas/catalogue';
import { rules } from '../../components/form-rules';
import { checkbox, required, rowLink, text, textarea } from '../admin/reference/reference-fields';
import type { ReferenceConfig } from '../admin/reference/reference-types';
import { CwrFileButton } from './cwr-file';
import { SongRecordings } from './related-records';

const WORK = 'Work';
const FLAGS = 'Flags';
const flag = (name: string, label: string) => checkbox(name, label, false, { section: FLAGS });

/** A publishing company's songs: the work, its flags, publishers over dates and writers. */
export const song: ReferenceConfig = {
  collection: 'songs',
  singular: 'song',
  title: 'Songs',
  notice: 'Song',
  noun: 'song',
  nounPlural: 'songs',
  titleField: 'title',
  idsKey: 'song_ids',
  tenant: true,
  DetailExtra: SongRecordings,
  fields: [
    text('title', 'Title', [required('Title')]),
    text('iswc', 'ISWC', [], { constraint: 'e.g. T-034.524.680-1' }),
    text('artist_name', 'Artist name'),
    text('alternative_titles', 'Alternative titles'),
    text('duration', 'Duration', [rules.pattern(/^\d{2}:[0-5]\d:[0-5]\d$/, 'Duration must be HH:MM:SS')], {
      constraint: 'HH:MM:SS',
    }),
    text('tunecode', 'Tunecode'),
    text('production_title', 'Production title (film, TV or advert)'),
    text('work_category', 'Work category', [], { section: WORK }),
    text('work_status', 'Work status', [], { section: WORK }),
    text('share_status', 'Share status', [], { section: WORK }),
    text('us_society', 'US society', [], { section: WORK }),
    textarea('additional_details', 'Additional details', { section: WORK }),
    flag('work_registered', 'Work registered'),
    flag('work_amended', 'Work amended'),
    flag('assign_to_us_society', 'Assign to US society'),
    flag('classical_work', 'Classical work'),
    flag('dramatico_musical_work', 'Dramatico-musical work'),
    flag('film_tv_music', 'Film/TV music'),
    flag('tv_radio_cimena_advert_ident', 'TV, radio, cinema advert or ident'),
    flag('medley', 'Medley'),
    flag('samples', 'Samples'),
    flag('active_case_indicators', 'Active case indicators'),
    {
      name: 'publisher_songs',
      label: 'Publishers',
      kind: 'rows',
      input: 'publisher_songs_attributes',
      addLabel: 'Add publisher',
      rowFields: [
        { ...rowLink('publisher_id', 'Publisher', 'company_publishers', 'publisher'), quickAdd: true },
        { name: 'start_date', label: 'From', kind: 'date' },
        { name: 'end_date', label: 'Until', kind: 'date' },
      ],
      emptyRow: { publisher_id: null, start_date: '', end_date: '' },
    },
    {
      name: 'song_writers',
      label: 'Writers',
      kind: 'rows',
      input: 'song_writers_attributes',
      addLabel: 'Add writer',
      rowFields: [
        { ...rowLink('contributor_id', 'Writer', 'contributors', 'contributor'), quickAdd: true },
        { name: 'share', label: 'Share %', kind: 'text' },
      ],
      emptyRow: { contributor_id: null, share: '' },
    },
  ],
  columns: [
    { field: 'title', header: 'Title', sortable: true },
    { field: 'iswc', header: 'ISWC', sortable: true },
    { field: 'artist_name', header: 'Artist', sortable: true },
    { field: 'work_status', header: 'Work status', sortable: true },
  ],
  defaultSort: { field: 'title', order: 'asc' },
  schema: songInput,
  ListActions: CwrFileButton,
};
