import { PutObjectCommand } from '@aws-sdk/client-s3';
import { ulid } from 'ulid';
import { ENV } from '../../../infra/resources.js';
import { MESSAGES } from '../../../shared/messages.js';
import type {
  CwrFileInput,
  CwrFileView,
  CwrFileWork,
  CwrRegistrationView,
  CwrSkippedSong,
} from '../../../shared/schemas/cwr.js';
import { requirePublisherCompany } from '../../catalogue/company-tags.js';
import { getCompany } from '../../data/access/companies.js';
import { claimCwrFilename, listCwrRegistrations, putCwrRegistrations } from '../../data/access/cwr-registrations.js';
import { referenceStore } from '../../data/access/reference.js';
import type { CompanyItem } from '../../data/entities/company.js';
import { requireEnv, s3Client } from '../../lib/clients.js';
import { BadRequest, Conflict, LOST_RACE_MESSAGE, NotFound, type FieldErrors } from '../../lib/errors.js';
import { presignDownload } from '../../uploads/presign.js';
import { songToWork } from './from-song.js';
import type { CwrVersion } from './layouts.js';
import { loadCwrSources } from './sources.js';
import { writeCwrFile, type CwrSender, type CwrTransaction } from './write-file.js';

/**
 * CWR files of a company's songs (docs/cwr.md): POST songs/cwr builds one and
 * records nothing; POST songs/cwr_registrations builds it, keeps the file and records a
 * registration per song, so the song goes as REV (a revision) in later files.
 */

const CONTENT_TYPE = 'text/plain';
/** Numbers tried when recordings at the same moment take the same one. */
const CLAIM_ATTEMPTS = 20;
const CWR_MESSAGES = {
  recorded: 'CWR Registration Added',
  noneRegistrable: 'None of the selected songs can be registered',
  noSenderIpi: 'The company needs an IPI name number to send CWR files (company settings)',
  noSenderCode: 'The company needs a CWR sender code (company settings)',
  senderTooLongFor21: 'The company IPI name number does not fit the nine-digit sender ID of CWR 2.1; send CWR 2.2',
  receiverNotFound: 'Receiver society not found',
  receiverNoCode: 'The receiver society has no code',
} as const;

/** HDR sender: the company as publisher (PB). A 2.2 sender type carries an IPI number's leading digits. */
function senderOf(company: CompanyItem, version: CwrVersion): { sender: CwrSender; code: string } {
  const ipi = company.ipi_name_number ?? '';
  const code = company.cwr_sender_code ?? '';
  const errors: FieldErrors = {};
  if (!ipi) errors.ipi_name_number = [CWR_MESSAGES.noSenderIpi];
  else if (ipi.startsWith('00') === false && version === '2.1')
    errors.ipi_name_number = [CWR_MESSAGES.senderTooLongFor21];
  if (!code) errors.cwr_sender_code = [CWR_MESSAGES.noSenderCode];
  const [first] = Object.values(errors);
  if (first?.[0]) throw new BadRequest(first[0], errors);
  const prefix = ipi.slice(0, 2);
  return { sender: { type: prefix === '00' ? 'PB' : prefix, id: ipi.slice(2), name: company.name }, code };
}

async function receiverCode(societyId: string): Promise<string> {
  const society = await referenceStore('Society').get({ id: societyId });
  if (!society)
    throw new BadRequest(CWR_MESSAGES.receiverNotFound, { receiver_society_id: [CWR_MESSAGES.receiverNotFound] });
  const code = typeof society.code === 'string' ? society.code.trim().toUpperCase() : '';
  if (!code) throw new BadRequest(CWR_MESSAGES.receiverNoCode, { receiver_society_id: [CWR_MESSAGES.receiverNoCode] });
  return code;
}

/** CISAC file naming: CW, year (2 digits), the sender's file number that year (4), sender _ receiver, .V21/.V22. */
function cwrFilename(created: Date, sequence: number, sender: string, receiver: string, version: CwrVersion) {
  const yy = String(created.getUTCFullYear() % 100).padStart(2, '0');
  return `CW${yy}${String(sequence).padStart(4, '0')}${sender}_${receiver}.V${version.replace('.', '')}`;
}

type BuiltFile = CwrFileView & {
  workNumbers: Map<string, string>;
  /** The file's name with another number of the year (a recording that lost its number to another). */
  renumbered: (sequence: number) => string;
  sequence: number;
};

/** Builds the file of the selected songs; songs failing a check are left out with their reasons. */
async function build(tenantId: string, input: CwrFileInput, created: Date): Promise<BuiltFile> {
  const version: CwrVersion = input.version ?? '2.1';
  await requirePublisherCompany(tenantId);
  const company = await getCompany(tenantId);
  if (!company) throw new NotFound('Company');
  const { sender, code } = senderOf(company, version);
  const receiver = await receiverCode(input.receiver_society_id);
  const [sources, registrations] = await Promise.all([loadCwrSources(tenantId), listCwrRegistrations(tenantId)]);

  const wanted = input.all ? sources.songs.map((s) => s.id) : [...new Set(input.song_ids ?? [])];
  if (!wanted.length) throw new BadRequest(MESSAGES.nothingToExport, { song_ids: [MESSAGES.nothingToExport] });
  const songs = wanted.map((id) => {
    const song = sources.songs.find((s) => s.id === id);
    // Another company's song (or none) is not found, as every cross-company read.
    if (!song) throw new NotFound('Song');
    return song;
  });

  const registered = new Set(registrations.map((r) => r.song_id));
  const transactions: CwrTransaction[] = [];
  const works: CwrFileWork[] = [];
  const skipped: CwrSkippedSong[] = [];
  const workNumbers = new Map<string, string>();
  for (const song of songs) {
    const parties = { ...sources, recordings: sources.recordingsOf(song.id) };
    const check = songToWork(song, parties, version);
    if (!check.ok) {
      skipped.push({ song_id: song.id, title: song.title, reasons: check.reasons });
      continue;
    }
    const type = registered.has(song.id) ? 'REV' : 'NWR';
    transactions.push({ type, work: check.work });
    works.push({ song_id: song.id, title: song.title, transaction_type: type });
    workNumbers.set(song.id, check.work.submitterWorkNumber);
  }
  if (!transactions.length) {
    const reasons = skipped.map((s) => `${s.title}: ${s.reasons.join('; ')}`);
    throw new BadRequest(CWR_MESSAGES.noneRegistrable, { song_ids: reasons });
  }

  const year = String(created.getUTCFullYear());
  const filesThisYear = new Set(registrations.filter((r) => r.sent_at.startsWith(year)).map((r) => r.file_id)).size;
  const { text, counts } = writeCwrFile({ version, sender, created, transactions });
  // The file lists NWRs before REVs (one group each): the works answer in the same order.
  works.sort((a, b) => (a.transaction_type === b.transaction_type ? 0 : a.transaction_type === 'NWR' ? -1 : 1));
  const renumbered = (sequence: number) => cwrFilename(created, sequence, code, receiver, version);
  return {
    filename: renumbered(filesThisYear + 1),
    content: text,
    version,
    receiver,
    counts,
    works,
    skipped,
    workNumbers,
    renumbered,
    sequence: filesThisYear + 1,
  };
}

const view = ({
  workNumbers: _numbers,
  renumbered: _renumbered,
  sequence: _sequence,
  ...file
}: BuiltFile): CwrFileView => file;

/** POST songs/cwr: the file to download; nothing is recorded. */
export async function buildCwrFile(tenantId: string, input: CwrFileInput): Promise<CwrFileView> {
  return view(await build(tenantId, input, new Date()));
}

/** POST songs/cwr_registrations: the file kept in the uploads bucket and one registration per song in it. */
export async function registerCwrFile(
  tenantId: string,
  userId: string,
  input: CwrFileInput,
): Promise<CwrFileView & { file_id: string; message: string }> {
  const created = new Date();
  const built = await build(tenantId, input, created);
  const fileId = ulid();
  const file = { ...built, filename: await claimFilename(tenantId, built, fileId) };
  const fileKey = `cwr/${tenantId}/${fileId}/${file.filename}`;
  await s3Client().send(
    new PutObjectCommand({
      Bucket: requireEnv(ENV.uploadsBucket),
      Key: fileKey,
      Body: file.content,
      ContentType: CONTENT_TYPE,
    }),
  );
  await putCwrRegistrations(
    file.works.map((work) => ({
      tenantId,
      id: `${fileId}#${work.song_id}`,
      file_id: fileId,
      song_id: work.song_id,
      song_title: work.title,
      filename: file.filename,
      file_key: fileKey,
      transaction_type: work.transaction_type,
      version: file.version,
      receiver: file.receiver,
      submitter_work_number: file.workNumbers.get(work.song_id) ?? '',
      user_id: userId,
      sent_at: created.toISOString(),
    })),
  );
  return { ...view(file), file_id: fileId, message: CWR_MESSAGES.recorded };
}

/** Tries the next numbers of the year until one is free (a file recorded at the same moment took this one). */
async function claimFilename(tenantId: string, file: BuiltFile, fileId: string): Promise<string> {
  for (let sequence = file.sequence; sequence < file.sequence + CLAIM_ATTEMPTS; sequence += 1) {
    const filename = file.renumbered(sequence);
    if (await claimCwrFilename(tenantId, filename, fileId)) return filename;
  }
  throw new Conflict(LOST_RACE_MESSAGE);
}

/** GET songs/cwr_registrations: the company's registrations, newest file first. */
export async function listRegistrations(tenantId: string): Promise<{ cwr_registrations: CwrRegistrationView[] }> {
  await requirePublisherCompany(tenantId);
  const rows = await listCwrRegistrations(tenantId);
  return {
    cwr_registrations: rows
      .sort((a, b) => b.sent_at.localeCompare(a.sent_at) || a.song_title.localeCompare(b.song_title))
      .map((r) => ({
        id: r.id,
        file_id: r.file_id,
        filename: r.filename,
        song_id: r.song_id,
        song_title: r.song_title,
        transaction_type: r.transaction_type,
        version: r.version,
        receiver: r.receiver,
        sent_at: r.sent_at,
      })),
  };
}

/** GET songs/cwr_registrations/{id}/download: a short-lived link to a recorded file of the company. */
export async function cwrFileDownload(tenantId: string, fileId: string): Promise<{ url: string; filename: string }> {
  const row = (await listCwrRegistrations(tenantId)).find((r) => r.file_id === fileId);
  if (!row) throw new NotFound('CWR file');
  return { url: await presignDownload(row.file_key, CONTENT_TYPE, row.filename), filename: row.filename };
}
