import type { GUIDES } from '../../app/route-table';

export type Guide = { title: string; summary: string; paragraphs: string[] };

/** Short guides on the metadata rules stated to users. */
export const GUIDE_CONTENT: Record<(typeof GUIDES)[number], Guide> = {
  concepts_and_definitions: {
    title: 'Concepts and definitions',
    summary: 'Companies, labels, releases, recordings and products.',
    paragraphs: [
      'A company (tenant) owns its catalogue. You may belong to several companies and choose one as the current company.',
      'A label groups releases. A release is what stores sell (an album, EP or single); it holds recordings (the audio and its metadata) and products (the formats it is sold in).',
      'Contributors are the people credited on recordings; payees are the people and companies royalties are paid to.',
    ],
  },
  new_release: {
    title: 'Creating a new release',
    summary: 'The fields a release needs, in the order the form asks for them.',
    paragraphs: [
      "Choose the label first; the catalogue number is predicted from the label's last release while it is empty.",
      'Fill in the metadata language, title and version, then the release date and original release date (both required).',
      'Add the C line and P line with a four-digit year, the artists and their roles, and a primary genre.',
    ],
  },
  new_recording: {
    title: 'Creating a new recording',
    summary: 'Audio, credits and languages.',
    paragraphs: [
      'Upload WAV or AIFF audio. The preview and waveform are produced for you once the upload finishes.',
      'Every recording needs a contributor with the role Writer or Composer, and a Lyricist unless the audio language is Instrumental.',
    ],
  },
  metadata: {
    title: 'Metadata rules',
    summary: 'What stores check before they accept a release.',
    paragraphs: [
      'Titles use the metadata language, which may not be Instrumental. Audio language may be Instrumental.',
      'A primary genre is required. Release date and original release date are required.',
      'Distributed releases need at least one product, added after release and recording metadata.',
    ],
  },
  'metadata/contributors': {
    title: 'Contributors',
    summary: 'Credits and publishers.',
    paragraphs: [
      'Credit everyone who wrote, performed or produced the recording with the matching role.',
      'A publisher is required per contributor; only its name is needed. If you publish yourself, use the publisher name Copyright Control.',
    ],
  },
  genres: {
    title: 'Genres',
    summary: 'Primary and secondary genres.',
    paragraphs: [
      'Each release or recording can carry a primary and secondary genre and subgenre. The primary genre is required; choose the closest store genre.',
    ],
  },
  languages: {
    title: 'Languages',
    summary: 'Metadata language and audio language.',
    paragraphs: [
      'The metadata language is the language of titles and names. The audio language is the language sung or spoken; use Instrumental when there are no vocals.',
    ],
  },
  product_details: {
    title: 'Product details',
    summary: 'Formats, prices and identifiers.',
    paragraphs: [
      'Each product has a format (Digital by default), a price tier and a UPC. Type the word "assign" in the UPC to have one assigned for you.',
    ],
  },
  release_dates: {
    title: 'Release dates',
    summary: 'Release date and original release date.',
    paragraphs: [
      'The release date is when stores make the release available. The original release date is when it first came out anywhere; for new music they are the same.',
    ],
  },
  publishers: {
    title: 'Publishers',
    summary: 'Who to name as publisher.',
    paragraphs: [
      'Name the publishing company of each writer. Writers who are not signed to a publisher use Copyright Control.',
    ],
  },
  'tutorials/namespacing': {
    title: 'Tutorial: working in companies',
    summary: 'How the current company decides what you see.',
    paragraphs: [
      'Everything you create is stored in the current company. Switch company from the header to work on another catalogue.',
      'Clear the current company to see only what does not depend on a company, such as your profile and the list of your companies.',
    ],
  },
  'tutorials/new_release_work_flow': {
    title: 'Tutorial: the new release workflow',
    summary: 'From draft to live.',
    paragraphs: [
      'Create the release (it starts as drafted), add recordings and products, then send it to quality control.',
      'After approval, choose the stores to deliver to. Each delivery shows its own status until the release is live.',
    ],
  },
};
