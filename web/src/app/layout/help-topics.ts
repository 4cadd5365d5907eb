export type HelpTopic = { topic: string; text: string };

/** Help topics per route name. */
export const HELP_TOPICS: Record<string, { title: string; topics: HelpTopic[] }> = {
  UserDashboard: {
    title: 'Your dashboard',
    topics: [
      {
        topic: 'Current company',
        text: 'Everything you create belongs to the current company shown in the header. Use the refresh icon beside its name to switch company, or clear it to work outside any company.',
      },
      {
        topic: 'Getting started',
        text: 'Create a label first, then add artists, and build releases on that label. Releases carry their recordings, products and artwork.',
      },
      {
        topic: 'Side menu',
        text: 'Artists, releases, recordings, contributors and payees appear once a current company is set. Distribution, DSPs and marketing appear for distributed companies, and Songs for publishers.',
      },
    ],
  },
  UserLabels: {
    title: 'Labels',
    topics: [
      {
        topic: 'Finding a label',
        text: 'Type in the search box to match a label by name or e-mail. Use the scope control to show only active, inactive, distributed or requested labels.',
      },
      {
        topic: 'Sorting and page size',
        text: 'Click a column heading to sort by it; click again to reverse. The settings icon chooses how many labels are shown per page (50 by default).',
      },
      {
        topic: 'Deleting',
        text: 'Tick one or more labels and choose Delete. You are asked to confirm first; deleting cannot be undone.',
      },
    ],
  },
  UserLabel: {
    title: 'A label',
    topics: [
      {
        topic: 'Details',
        text: 'The label page shows its logo, contact e-mail, deal percentage, biography, links and identifiers. Choose Edit to change them.',
      },
      {
        topic: 'Logo',
        text: 'Upload a PNG, JPEG, GIF or WebP image of up to 5 MB from the edit form. The progress bar turns green once half the file is sent.',
      },
      {
        topic: 'Label sections',
        text: 'Assets, settings, contracts, distribution statements, statement settings and store pages hang off each label.',
      },
    ],
  },
  UserNewRelease: {
    title: 'A new release',
    topics: [
      {
        topic: 'Label and catalogue number',
        text: "Choose the label first: the catalogue number is predicted from that label's last release while the field is empty.",
      },
      {
        topic: 'Metadata language',
        text: 'The metadata language is the language of the titles; it may not be Instrumental. The audio language of a recording may be.',
      },
      { topic: 'Genres', text: 'Pick a primary genre (required) and at most one more on this form.' },
      {
        topic: 'Dates',
        text: 'Release date and original release date are both required. For a first release they are usually the same day.',
      },
    ],
  },
  EditRelease: {
    title: 'Editing a release',
    topics: [
      {
        topic: 'Artists and roles',
        text: "The first artist is the main artist. Display artists are built from the names joined with each row's join text.",
      },
      {
        topic: 'Recordings',
        text: 'Every recording needs a contributor with the role Writer or Composer, and a Lyricist unless its audio language is Instrumental.',
      },
      {
        topic: 'Products',
        text: 'Distributed releases need at least one product, added after the release and recording metadata.',
      },
    ],
  },
  UserNewArtist: {
    title: 'A new artist',
    topics: [
      {
        topic: 'Identifiers',
        text: "Add the artist's Spotify, Apple Music or other store identifiers so stores link the release to the right profile. Tick New when the artist has no profile on that store yet.",
      },
      {
        topic: 'Members',
        text: 'For bands, add each member as a contributor with a membership type (base, main, featured, performer, ex or retired).',
      },
    ],
  },
  EditUserArtist: {
    title: 'Editing an artist',
    topics: [
      {
        topic: 'Removing rows',
        text: 'Removing a saved identifier, member or link marks it for deletion; you can undo until you save. New rows are simply dropped.',
      },
      {
        topic: 'Links',
        text: "Add the artist's website and social links; pick a suggested link text or type your own.",
      },
    ],
  },
};
