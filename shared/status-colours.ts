/** Status words and their display colour classes. */
const STATUS_COLOURS = {
  black: ['admin', 'drafted', 'inactive', 'created', 'audio', 'Sync Agency', 'Out Of Business'],
  danger: [
    'rejected',
    'failed',
    'suspended',
    'deleted',
    'incomplete',
    'maintenance',
    'Publisher',
    'Non Payer',
    'false',
    'Todo',
    'action_delete',
  ],
  warning: [
    'artist_user',
    'label_assistant',
    'submitted',
    'quality_control',
    'update',
    'queued',
    'undeliverable',
    'video',
    'Label Group',
  ],
  info: ['accounting', 'accepted', 'imported', 'processing', 'requested', 'distributable'],
  link: ['accountable', 'Label'],
  success: [
    'promotions',
    'approved',
    'live',
    'completed',
    'complete',
    'deliverable',
    'delivered',
    're_delivered',
    'active',
    'true',
    'announcement',
    'audio_release',
    'audio_recording',
    'action_insert',
    'action_new',
    'Release',
    'Record Label',
  ],
  white: ['intern', 'invited'],
  primary: [
    'user',
    'label_manager',
    'pending',
    'distributed',
    'news',
    'takedown',
    'video_release',
    'video_recording',
    'registerable',
    'Artist',
    'Sub Aggregator',
  ],
} as const;

export type StatusColour = keyof typeof STATUS_COLOURS;

const colourByWord = new Map<string, StatusColour>(
  (Object.entries(STATUS_COLOURS) as [StatusColour, readonly string[]][]).flatMap(([colour, words]) =>
    words.map((w) => [w, colour] as const),
  ),
);

/** The colour class of a status word; unknown words (and booleans) fall back to black. */
export function statusColour(word: string | boolean | null | undefined): StatusColour {
  if (word === null || word === undefined) return 'black';
  return colourByWord.get(String(word)) ?? 'black';
}

/** Every status word that has a colour: what the badges can be asked to show. */
export function colouredStatusWords(): string[] {
  return [...colourByWord.keys()];
}
